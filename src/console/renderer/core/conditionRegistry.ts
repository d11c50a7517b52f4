import type { Condition } from '../../../../schemas/screen';
import { lookup, type EvalContext } from './context';
import { ruleRefusal } from './ruleRefusal';

export type Operator = keyof Condition;
/** A condition of any nesting level: each is one object with exactly one operator. */
export type AnyCondition = { readonly [K in Operator]?: unknown };
type Evaluate = (condition: AnyCondition, context: EvalContext) => boolean;
type Evaluator<K extends Operator> = (argument: NonNullable<Condition[K]>, context: EvalContext, evaluate: Evaluate) => boolean;

/** null and undefined are one "nothing"; other values compare by their JSON. */
function same(a: unknown, b: unknown): boolean {
  if ((a ?? null) === null || (b ?? null) === null) return (a ?? null) === (b ?? null);
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

const isSet = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * The condition operators (docs/DESIGN.md section 4): over identity, permissions, feature flags,
 * environment, the record and the form. To add one, add its property to `conditionAtomProperties`
 * in schemas/screen.ts and its evaluator here; TypeScript insists on both.
 */
export const conditionRegistry: { readonly [K in Operator]-?: Evaluator<K> } = {
  all: (conditions, context, evaluate) => conditions.every((condition) => evaluate(condition, context)),
  any: (conditions, context, evaluate) => conditions.some((condition) => evaluate(condition, context)),
  not: (condition, context, evaluate) => !evaluate(condition, context),
  permission: (key, { permissions }) => {
    const scope = permissions[key];
    return typeof scope === 'string' ? scope !== '' : scope === true;
  },
  scope: ([key, scope], { permissions }) => permissions[key] === scope,
  role: (roles, { identity }) => roles.includes(identity.role),
  internal: (internal, { identity }) => identity.is_internal === internal,
  flag: (flag, { featureFlags }) => Boolean(featureFlags[flag]),
  eq: ([path, value], context) => same(lookup(context, path), value),
  ne: ([path, value], context) => !same(lookup(context, path), value),
  in: ([path, values], context) => values.some((value) => same(lookup(context, path), value)),
  set: (path, context) => isSet(lookup(context, path)),
  unset: (path, context) => !isSet(lookup(context, path)),
  has: ([path, value], context) => {
    const list = lookup(context, path);
    return Array.isArray(list) && list.some((item) => same(item, value));
  },
  hasKey: ([path, keyPath], context) => {
    const object = lookup(context, path);
    const key = lookup(context, keyPath);
    if (typeof object !== 'object' || object === null || Array.isArray(object)) return false;
    return (typeof key === 'string' || typeof key === 'number') && Object.hasOwn(object, key) && (object as Record<string, unknown>)[key] !== undefined;
  },
  refused: (name, context) => ruleRefusal(name, context) !== null,
};
