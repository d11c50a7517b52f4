import type { SchemaNode } from '../core/entityFields';

type Names = Readonly<Record<string, unknown>>;

/** An entry a definition names with `options`: what the checks read of it is the options' JSON Schema. */
export interface OptionsEntry {
  optionsSchema: unknown;
}

/**
 * What the checks of a definition read of the registries: names, the JSON Schemas of entries'
 * options, entity schemas, roles and permission keys; no component and no function is called. The
 * console makes it from its composed registries (validateScreen.ts); the server reads the same
 * thing from schemas/screenRegistries.json, which `npm run generate` writes from them, so that both
 * sides refuse the same definitions (Screen Studio, issue 21).
 */
export interface CheckRegistries {
  cells: Readonly<Record<string, OptionsEntry>>;
  filters: Readonly<Record<string, OptionsEntry>>;
  widgets: Readonly<Record<string, OptionsEntry>>;
  rules: Names;
  choices: Names;
  fieldRules: Names;
  formGenerators: Names;
  entities: Readonly<Record<string, SchemaNode>>;
  resourceEntities: Readonly<Record<string, string>>;
  roles: readonly string[];
  permissionKeys: readonly string[];
  /** Every `"ui:widget"` name: RJSF's own and its aliases, the theme's and the features'. */
  rjsfWidgetNames: Names;
  /** Every `"ui:field"` name: RJSF's own and the features'. */
  rjsfFieldNames: Names;
  /** Every action `"type"`. */
  actionTypes: Names;
}

const NAME_KEYS = ['rules', 'choices', 'fieldRules', 'formGenerators', 'rjsfWidgetNames', 'rjsfFieldNames', 'actionTypes'] as const;
const OPTION_KEYS = ['cells', 'filters', 'widgets'] as const;

/** The registries as JSON: options schemas, entities and names (each name `true`), sorted, so that the file diffs well. */
export function registryManifest(registries: CheckRegistries): Record<string, unknown> {
  const sorted = <T>(record: Readonly<Record<string, T>>, value: (entry: T) => unknown) =>
    Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((name) => [name, value(record[name] as T)]),
    );
  return {
    ...Object.fromEntries(OPTION_KEYS.map((key) => [key, sorted(registries[key], (entry) => ({ optionsSchema: entry.optionsSchema }))])),
    ...Object.fromEntries(NAME_KEYS.map((key) => [key, sorted(registries[key], () => true)])),
    entities: sorted(registries.entities, (schema) => schema),
    resourceEntities: sorted(registries.resourceEntities, (name) => name),
    roles: [...registries.roles],
    permissionKeys: [...registries.permissionKeys],
  };
}
