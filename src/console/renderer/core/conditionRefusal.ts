import type { AnyCondition } from './conditionRegistry';
import { evaluateCondition } from './conditions';
import type { EvalContext } from './context';
import { ruleRefusal } from './ruleRefusal';

/**
 * Why a condition holds, in the domain's words: the refusal of the first `refused` rule that makes
 * it hold, looking through `all` and through the `any` branches that hold. Undefined when no named
 * rule is the reason (a plain `{"set": "patient_id"}`), so the caller shows no text rather than a guess.
 * `conditionRefusal({"refused": "device.decommission_device"}, context)` -> 'Device is assigned to a patient'.
 */
export function conditionRefusal(condition: AnyCondition | undefined, context: EvalContext): string | undefined {
  if (condition === undefined) return undefined;
  if (typeof condition.refused === 'string') return ruleRefusal(condition.refused, context) ?? undefined;
  const inner = (condition.all ?? condition.any) as AnyCondition[] | undefined;
  if (!inner) return undefined;
  for (const child of inner) {
    if (!evaluateCondition(child, context)) continue;
    const refusal = conditionRefusal(child, context);
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}
