import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Screen Studio's JSON editor uses codemirror-json-schema in its JSON mode only. The library renders
 * its hover and error texts with markdown-it and the shiki highlighter (a few hundred KB of grammars
 * and themes, loaded by a module-level side effect) and bundles its YAML and JSON5 parsers whatever
 * the mode; here those three modules are replaced by small ones: texts escaped and shown plainly
 * (our meta-schema's descriptions are plain sentences), and the other modes refused. What remains is
 * CodeMirror, the JSON mode and the schema's validation, completion and hover.
 */
const REPLACEMENTS: [RegExp, string][] = [
  [/utils\/markdown(\.js)?$/, './jsonSchemaEditorLite/markdown.ts'],
  [/(^|\/)yaml-parser(\.js)?$/, './jsonSchemaEditorLite/otherModes.ts'],
  [/(^|\/)json5-parser(\.js)?$/, './jsonSchemaEditorLite/otherModes.ts'],
];

export function jsonSchemaEditorLite(): Plugin {
  return {
    name: 'json-schema-editor-lite',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer?.includes('/codemirror-json-schema/')) return null;
      const found = REPLACEMENTS.find(([pattern]) => pattern.test(source));
      return found ? fileURLToPath(new URL(found[1], import.meta.url)) : null;
    },
  };
}
