import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionDefinition } from '../../../../../schemas/screen';
import type { Id } from '../../../api/dataProvider';
import { useDataProvider } from '../../../api/DataProviderContext';
import { actionMutation, runMutation } from '../../core/actionRequest';
import { resultText } from '../../core/resultText';
import { serverMessage } from '../../core/serverMessage';
import { fillTemplate } from '../../core/templates';
import type { ApiRow } from '../../core/context';
import { useEvalContext } from '../../scopeContext';
import { useNotify } from '../../skin/toasts';

type SendingAction = Extract<ActionDefinition, { type: 'dialog_form' | 'confirm' | 'bulk' }>;

/** When a definition gives no success text. Spec 001 section 8 uses it for a generic save. */
export const DEFAULT_SUCCESS = 'Changes saved';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends an action's request, then says so: the definition's success text, or its error text
 * (a template: `{error.message}` quotes the failure),
 * else 'Error: ' and the message (spec 000 section 8, generic edit dialog); a failed create is a
 * warning with the message ('{Resource} already exists.'); with `errorFallback`, the server's own
 * words as they are, else that text; `errorTone` words either as a warning. Every query is marked stale and what is on
 * screen is fetched again: a write also changes what other resources show (a device's events, its charges).
 */
export function useSendAction(
  action: SendingAction,
  { resource, ids, onDone }: { resource: string; ids?: readonly Id[] | undefined; onDone?: (() => void) | undefined },
) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const context = useEvalContext();
  return useMutation({
    mutationFn: (form?: ApiRow) => runMutation(dataProvider, actionMutation(action, { resource, context, ids, ...(form ? { form } : {}) })),
    onSuccess: async (response) => {
      const toast = resultText(action.success, { ...context, response });
      notify(toast?.message ?? DEFAULT_SUCCESS, toast?.tone);
      onDone?.();
      await queryClient.invalidateQueries();
    },
    onError: (error) => {
      const tone = action.errorTone ?? 'error';
      if (action.errorFallback) notify(serverMessage(error) ?? action.errorFallback, tone);
      else if (action.error) notify(fillTemplate(action.error, { ...context, error: { message: messageOf(error) } }), tone);
      else if (action.method === 'create') notify(messageOf(error), 'warning');
      else notify(`Error: ${messageOf(error)}`, 'error');
    },
  });
}
