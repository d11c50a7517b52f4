/**
 * Form fragments (screens/README.md): a form that several screens share (the patient form of Add
 * Patient and Edit Patient), written once in `screens/fragments/{id}.json` as `{"id": ..., "form": {...}}`.
 * A form naming `"fragment": "patient.form"` starts from the fragment's keys; its own keys replace
 * them. The console (bundled and published definitions) and the server (what it serves from
 * GET /api/screens) resolve them with this one function before validating.
 */
export interface FormFragment {
  id: string;
  form: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The fragments by id. */
export const fragmentsById = (fragments: Iterable<FormFragment>): ReadonlyMap<string, Record<string, unknown>> =>
  new Map([...fragments].map((fragment) => [fragment.id, fragment.form]));

/** Whether a definition's form starts from a fragment (`"form": {"fragment": "patient.form"}`). */
export function namesFormFragment(definition: unknown): definition is { form: { fragment: string } & Record<string, unknown> } {
  return isObject(definition) && isObject(definition.form) && typeof definition.form.fragment === 'string';
}

/**
 * A definition (checked or not yet) with its form's fragment merged in; anything without one as it
 * is. An unknown fragment throws `unknownFragment(message)`, where `message` names the known ones.
 */
export function resolveFormFragment<T>(definition: T, fragments: ReadonlyMap<string, Record<string, unknown>>, unknownFragment: (message: string) => Error): T {
  if (!namesFormFragment(definition)) return definition;
  const { fragment: id, ...own } = definition.form;
  const fragment = fragments.get(id);
  if (!fragment) throw unknownFragment(`unknown form fragment "${id}"; known: ${[...fragments.keys()].join(', ')}`);
  return { ...definition, form: { ...fragment, ...own } };
}
