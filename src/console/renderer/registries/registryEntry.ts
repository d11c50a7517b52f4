import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { ComponentType } from 'react';

export type Options = Readonly<Record<string, unknown>>;

/**
 * A registry entry: a component and the JSON Schema of the `options` a definition gives it. The
 * screens test checks every definition's options against it, so the component can trust them.
 * An entry whose component is fetched on demand (lazyEntry.tsx) has `preload`, which starts the
 * fetch and answers the component.
 */
export interface RegistryEntry<P extends { options: Options }> {
  optionsSchema: JSONSchema;
  Component: ComponentType<P>;
  preload?: () => Promise<unknown>;
}

/**
 * The options a schema describes. (Constraining S to JSONSchema in the signature makes inference too deep for TypeScript.)
 * A component fetched on demand types its `options` prop with it from its schema, imported as a type only:
 * `options: OptionsOf<typeof missingProfileOptions>`.
 */
export type OptionsOf<S> = S extends JSONSchema ? FromSchema<S> : never;

/** No options at all. */
export const NO_OPTIONS = { type: 'object', additionalProperties: false } as const;

/** An entry whose component's `options` prop is typed from its schema. */
export function defineEntry<P extends { options: Options }>() {
  return <const S extends object>(optionsSchema: S, Component: ComponentType<Omit<P, 'options'> & { options: OptionsOf<S> }>): RegistryEntry<P> => ({
    optionsSchema: optionsSchema,
    Component: Component as unknown as ComponentType<P>,
  });
}
