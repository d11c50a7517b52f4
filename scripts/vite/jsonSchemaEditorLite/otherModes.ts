const refused = (): never => {
  throw new Error('Screen Studio edits JSON only (scripts/vite/jsonSchemaEditorLite.ts)');
};

/** codemirror-json-schema's YAML and JSON5 parsers, which the JSON mode never calls. */
export const parseYAMLDocumentState = refused;
export const parseJSON5DocumentState = refused;
export const parseJSON5Document = refused;
