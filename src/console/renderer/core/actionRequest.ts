import type { ActionDefinition, FormDefinition } from '../../../../schemas/screen';
import type { DataProvider, Id } from '../../api/dataProvider';
import type { ApiRow, EvalContext } from './context';
import { formPayload } from './formSchema';
import { resolveValue } from './templates';

type SendingAction = Extract<ActionDefinition, { type: 'dialog_form' | 'confirm' | 'bulk' }>;

/** The call an action makes, decided before anything is sent. */
export type ActionMutation =
  | { kind: 'update'; resource: string; id: Id; data: object; method: 'PUT' | 'PATCH' }
  | { kind: 'create'; resource: string; data: object }
  | { kind: 'delete'; resource: string; id: Id }
  | { kind: 'updateMany'; resource: string; ids: readonly Id[]; data: object };

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
 * The request of a dialog_form, confirm or bulk action. The body is the form's values, then the
 * definition's payload (templates resolved, `{form.x}` included), then `update_action`:
 * PUT /devices/7 {"patient_id": 12, "update_action": "assign_to_patient"}. A bulk action sends
 * PUT /devices {"ids": [...], "data": {...}}.
 */
export function actionMutation(action: SendingAction, { resource: screenResource, context, ids = [], form = {} }: ActionTarget): ActionMutation {
  const resource = action.resource ?? screenResource;
  const formDefinition: FormDefinition | undefined = 'form' in action ? action.form : undefined;
  const withForm: EvalContext = { ...context, form };
  const data = {
    ...(formDefinition ? formPayload(formDefinition, form, withForm) : {}),
    ...(resolveValue(action.payload ?? {}, withForm) as object),
    ...(action.updateAction ? { update_action: action.updateAction } : {}),
  };
  if (action.type === 'bulk') return { kind: 'updateMany', resource, ids, data };
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
  }
}
