import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ActionDefinition } from '../../../../../schemas/screen';
import { useDataProvider } from '../../../api/DataProviderContext';
import { DATA_STALE_TIME_MS } from '../../../api/queryOptions';
import { evaluateCondition } from '../../core/conditions';
import type { EvalContext } from '../../core/context';
import { fillTemplate } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';

type LoadingAction = Extract<ActionDefinition, { type: 'dialog_form' | 'confirm' }>;

/**
 * The GET an action names in `load` (can-be-consented before Mark consented): fetched when the
 * dialog opens, or as soon as the button shows when the action has `load.enabledWhen`. The answer
 * goes in the record under `load.as` for the action's conditions and form. Without `load`, the
 * screen's context as it is, always enabled and ready.
 */
export function useActionLoad(action: LoadingAction, open: boolean) {
  const context = useEvalContext();
  const dataProvider = useDataProvider();
  const load = action.load;
  const path = load ? fillTemplate(load.path, context) : '';
  const query = useQuery({
    queryKey: ['action-load', path],
    queryFn: () => dataProvider.request<unknown>(path),
    enabled: load !== undefined && (open || load.enabledWhen !== undefined),
    staleTime: DATA_STALE_TIME_MS,
  });
  const loaded = query.data;
  const withLoaded = useMemo<EvalContext>(
    () => (load && loaded !== undefined ? { ...context, record: { ...context.record, [load.as]: loaded } } : context),
    [context, load, loaded],
  );
  return {
    context: withLoaded,
    /** Nothing to wait for, or the answer is there. */
    ready: load === undefined || query.isSuccess,
    error: query.error,
    enabled: load?.enabledWhen === undefined || (query.isSuccess && evaluateCondition(load.enabledWhen, withLoaded)),
  };
}
