import { DATE_PRESETS, type DatePreset } from './datePresets';

const isPreset = (value: unknown): value is { preset: DatePreset } =>
  typeof value === 'object' && value !== null && 'preset' in value && (value.preset as string) in DATE_PRESETS;

/**
 * Filter values a definition gives (`initialFilters`, `empty.reset.filters`) as the list holds them:
 * a date range named by a preset (`{"preset": "today"}`) becomes that preset's days on `now`'s day;
 * other values stay as they are. `resolveFilterValues({"added_on": {"preset": "today"}}, now)`.
 */
export function resolveFilterValues(values: Readonly<Record<string, unknown>> | undefined, now: Date): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values ?? {}).map(([field, value]) => [field, isPreset(value) ? DATE_PRESETS[value.preset].range(now) : value]));
}

/** The filters whose value is unset: a list that requires them sends no request. */
export function missingFilters(fields: readonly string[] | undefined, values: Readonly<Record<string, unknown>>): string[] {
  return (fields ?? []).filter((field) => values[field] === undefined);
}
