import type { ActionDefinition, FormDefinition } from '../../../../schemas/screen';
import type { DataProvider, Id } from '../../api/dataProvider';
import type { ApiRow, EvalContext } from './context';
import { registriesOf } from './coreRegistries';
import { sentValues } from './fieldRules';
import { formPayload } from './formSchema';
import { fillTemplate, resolveValue } from './templates';

type SendingAction = Extract<ActionDefinition, { type: 'dialog_form' | 'confirm' | 'bulk' }>;

/** The call an action makes, decided before anything is sent. */
export type ActionMutation =
  | { kind: 'update'; resource: string; id: Id; data: object; method: 'PUT' | 'PATCH' }
  | { kind: 'create'; resource: string; data: object }
  | { kind: 'delete'; resource: string; id: Id }
  | { kind: 'updateMany'; resource: string; ids: readonly Id[]; data: object }
  | { kind: 'request'; path: string; method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; data: object }
  | { kind: 'each'; mutations: readonly ActionMutation[] };

/** The HTTP method of an action's `method` when it names its own `path`. */
const PATH_METHODS = { create: 'POST', update: 'PUT', patch: 'PATCH', delete: 'DELETE' } as const;

export interface ActionTarget {
  /** The screen's resource; the action's own `resource` wins. */
  resource: string;
  context: EvalContext;
  /** The selected rows of a bulk action. */
  ids?: readonly Id[];
  /** What the dialog's form holds. */
  form?: ApiRow;
}

/**
 * The request of a dialog_form, confirm or bulk action. The body is the form's values (as its field
 * rules send them), then the
 * definition's payload (templates resolved, `{form.x}` included), then `update_action`:
 * PUT /devices/7 {"patient_id": 12, "update_action": "assign_to_patient"}. A bulk action sends
 * PUT /devices {"ids": [...], "data": {...}}. An action with a `path` sends its body there instead:
 * PATCH /locations/7/set-owner {"tenant_id": 2}; a bulk one with the ids in it:
 * POST /patient-groups/4/patients {"patient_ids": [...]}. A `perRow` bulk action makes one request per
 * selected row, each row being the record: POST /patients/12/care-teams {...} for each.
 */
export function actionMutation(action: SendingAction, { resource: screenResource, context, ids = [], form = {} }: ActionTarget): ActionMutation {
  const resource = action.resource ?? screenResource;
  const formDefinition: FormDefinition | undefined = 'form' in action ? action.form : undefined;
  const values = formDefinition ? sentValues(formDefinition, form, registriesOf(context).fieldRules) : form;
  const withForm: EvalContext = { ...context, form: values };
  const data = {
    ...(formDefinition ? formPayload(formDefinition, values, withForm) : {}),
    ...(resolveValue(action.payload ?? {}, withForm) as object),
    ...(action.updateAction ? { update_action: action.updateAction } : {}),
  };
  if (action.type === 'bulk' && action.perRow) {
    return { kind: 'each', mutations: ids.map((id) => recordMutation(action, resource, data, { ...withForm, record: { id } })) };
  }
  if (action.type === 'bulk' && action.path !== undefined) {
    return {
      kind: 'request',
      path: fillTemplate(action.path, withForm),
      method: PATH_METHODS[action.method ?? 'update'],
      data: { ...data, [action.idsField ?? 'ids']: ids },
    };
  }
  if (action.type === 'bulk') return { kind: 'updateMany', resource, ids, data };
  return recordMutation(action, resource, data, withForm);
}

/**
 * A download form's values as the query of its GET: as the form sends them (field rules, `omit`,
 * `assign`), each a text (a list or an object as JSON), empty ones left out:
 * `{export_type: 'csv', month: 5, year: '2026'}` -> `{export_type: 'csv', month: '5', year: '2026'}`.
 */
export function formQuery(form: FormDefinition, data: ApiRow, context: EvalContext): Record<string, string> {
  const values = sentValues(form, data, registriesOf(context).fieldRules);
  const payload = formPayload(form, values, { ...context, form: values });
  return Object.fromEntries(
    Object.entries(payload)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean)]),
  );
}

/** The request of an action on one record (the context's): to its `path`, else by `method` on the resource. */
function recordMutation(action: SendingAction, resource: string, data: object, context: EvalContext): ActionMutation {
  if (action.path !== undefined) return { kind: 'request', path: fillTemplate(action.path, context), method: PATH_METHODS[action.method ?? 'update'], data };
  const id = context.record?.id as Id | undefined;
  const method = action.method ?? 'update';
  if (method === 'create') return { kind: 'create', resource, data };
  if (id === undefined) throw new Error(`The action "${action.name}" needs a record`);
  if (method === 'delete') return { kind: 'delete', resource, id };
  return { kind: 'update', resource, id, data, method: method === 'patch' ? 'PATCH' : 'PUT' };
}

export function runMutation(dataProvider: DataProvider, mutation: ActionMutation): Promise<unknown> {
  switch (mutation.kind) {
    case 'update':
      return dataProvider.update(mutation.resource, mutation.id, mutation.data, { method: mutation.method });
    case 'create':
      return dataProvider.create(mutation.resource, mutation.data);
    case 'delete':
      return dataProvider.delete(mutation.resource, mutation.id);
    case 'updateMany':
      return dataProvider.updateMany(mutation.resource, mutation.ids, mutation.data);
    case 'request':
      return dataProvider.request(mutation.path, { method: mutation.method, body: JSON.stringify(mutation.data) });
    case 'each':
      return runEach(dataProvider, mutation.mutations);
  }
}

/**
 * Per-row requests, one after the other so that a long selection does not flood the API; every row
 * is tried, and the first failure is then raised (its message is the toast's), after the others.
 */
async function runEach(dataProvider: DataProvider, mutations: readonly ActionMutation[]): Promise<unknown[]> {
  const results: unknown[] = [];
  let failure: { error: unknown } | undefined;
  for (const mutation of mutations) {
    try {
      results.push(await runMutation(dataProvider, mutation));
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
  return results;
}
