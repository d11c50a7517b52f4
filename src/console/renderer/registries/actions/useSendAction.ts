import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionDefinition } from '../../../../../schemas/screen';
import type { Id } from '../../../api/dataProvider';
import { useDataProvider } from '../../../api/DataProviderContext';
import { actionMutation, runMutation } from '../../core/actionRequest';
import type { ApiRow } from '../../core/context';
import { useEvalContext } from '../../scopeContext';
import { useNotify } from '../../skin/toasts';

type SendingAction = Extract<ActionDefinition, { type: 'dialog_form' | 'confirm' | 'bulk' }>;

/** When a definition gives no success text. Spec 001 section 8 uses it for a generic save. */
export const DEFAULT_SUCCESS = 'Changes saved';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends an action's request, then says so: the definition's success text, or its error text,
 * else 'Error: ' and the message (spec 000 section 8, generic edit dialog); a failed create is a
 * warning with the message ('{Resource} already exists.'). The resource's queries are refreshed.
 */
export function useSendAction(action: SendingAction, { resource, ids, onDone }: { resource: string; ids?: readonly Id[] | undefined; onDone?: (() => void) | undefined }) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const context = useEvalContext();
  return useMutation({
    mutationFn: (form?: ApiRow) => runMutation(dataProvider, actionMutation(action, { resource, context, ids, ...(form ? { form } : {}) })),
    onSuccess: async () => {
      notify(action.success ?? DEFAULT_SUCCESS);
      onDone?.();
      await Promise.all([...new Set([resource, action.resource ?? resource])].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
    onError: (error) => {
      if (action.error) notify(action.error, 'error');
      else if (action.method === 'create') notify(messageOf(error), 'warning');
      else notify(`Error: ${messageOf(error)}`, 'error');
    },
  });
}
