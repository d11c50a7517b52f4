import { conditionRegistry, type AnyCondition, type Operator } from './conditionRegistry';
import type { EvalContext } from './context';

const isOperator = (name: string): name is Operator => Object.hasOwn(conditionRegistry, name);

/** Whether a condition holds; no condition always holds. `evaluateCondition({"permission": "devices.create"}, context)`. */
export function evaluateCondition(condition: AnyCondition | undefined, context: EvalContext): boolean {
  if (condition === undefined) return true;
  const entries = Object.entries(condition);
  const [operator, argument] = entries[0] ?? [];
  if (entries.length !== 1 || operator === undefined) throw new Error(`A condition has exactly one operator: ${JSON.stringify(condition)}`);
  if (!isOperator(operator)) throw new Error(`Unknown condition operator "${operator}"`);
  const evaluate = conditionRegistry[operator] as (argument: unknown, context: EvalContext, next: typeof evaluateCondition) => boolean;
  return evaluate(argument, context, evaluateCondition);
}
