/// <reference types="vite/client" />
import { DefinitionError } from './resolve';

/**
 * Form fragments: a form that several screens share (the patient form of Add Patient and Edit
 * Patient), written once in `screens/fragments/{id}.json` as `{"id": ..., "form": {...}}`. A form
 * naming `"fragment": "patient.form"` starts from the fragment's keys; its own keys replace them.
 * Definitions are resolved when they are read (bundled or published) and before they are validated,
 * so that the rest of the renderer only ever sees whole forms.
 */
interface FormFragment {
  id: string;
  form: Record<string, unknown>;
}

const modules = import.meta.glob<FormFragment>('../../../../screens/fragments/*.json', { eager: true, import: 'default' });

/** The bundled fragments by id. */
export const formFragments: ReadonlyMap<string, Record<string, unknown>> = new Map(Object.values(modules).map((fragment) => [fragment.id, fragment.form]));

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A definition (checked or not yet) with its form's fragment merged in; anything without one as it
 * is. An unknown fragment is a DefinitionError naming the file and `/form/fragment`.
 */
export function withFormFragment<T>(definition: T, file: string): T {
  if (!isObject(definition) || !isObject(definition.form) || typeof definition.form.fragment !== 'string') return definition;
  const { fragment: id, ...own } = definition.form;
  const fragment = formFragments.get(id);
  if (!fragment) throw new DefinitionError({ file, path: '/form/fragment' }, `unknown form fragment "${id}"; known: ${[...formFragments.keys()].join(', ')}`);
  return { ...definition, form: { ...fragment, ...own } } as T;
}
