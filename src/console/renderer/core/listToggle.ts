import type { ListBody } from '../../../../schemas/screen';
import type { Filter } from '../../api/dataProvider.utils';
import type { EvalContext } from './context';
import type { ListPlan } from './listPlan';
import { resolveValue } from './templates';

/**
 * A list's plan with its preference switch applied: while on, the switch's `meta` and `filter`
 * (templates resolved) join the request; off, nothing changes. The patient queue's "in my care"
 * is `{"meta": {"under_care": true}}`.
 */
export function withToggle(plan: ListPlan, toggle: ListBody['toggle'], on: boolean, context: EvalContext): ListPlan {
  if (!toggle || !on || (!toggle.meta && !toggle.filter)) return plan;
  const meta = resolveValue(toggle.meta ?? {}, context) as Filter;
  const filter = resolveValue(toggle.filter ?? {}, context) as Filter;
  const params = {
    ...plan.params,
    filter: { ...plan.params.filter, ...filter },
    ...(toggle.meta ? { meta: { ...plan.params.meta, ...meta } } : {}),
  };
  return { ...plan, params };
}
