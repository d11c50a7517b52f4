import type { EvalContext } from './context';
import { registriesOf } from './coreRegistries';
import { resolveEntry } from './resolve';

/**
 * The refusal of a named domain rule for the context's record, or null when the rule accepts it:
 * `ruleRefusal('device.assign_to_patient', context)` -> 'Device is a shared device'. An unknown name
 * is a mistake of the definition, which the screens test reports with its file and path first.
 */
export function ruleRefusal(name: string, context: EvalContext): string | null {
  const rule = resolveEntry(registriesOf(context).rules, 'rule', name, { file: 'a screen definition', path: '/refused' });
  return rule(context.record ?? {}, context);
}
