import { elapsedWeekdayShare } from '../../../domain/billing/monthPace';
import { zonedDay } from '../../../domain/zonedDays';
import type { Filter } from '../../api/dataProvider.utils';
import { defaultFilterEnv, type FilterEnv } from '../../renderer/core/filterQueries';
import { monthKey, monthOf } from '../../renderer/core/months';

/** The forecasts a Monitoring Progress list may be narrowed to (issue 13, beyond the spec). */
export const FORECAST_CHOICES = [
  { value: 'at_risk', label: 'At risk' },
  { value: 'unreachable', label: 'No longer reachable' },
] as const;

/**
 * The query of the forecast filter over `reachable_until` (the last day everything still missing
 * can be earned, null once all is earned), on today in the user's zone:
 * - 'No longer reachable': `[lt]` today (what is missing can no longer be earned this month);
 * - 'At risk': `[gte]` today and the month's progress (`progressField`, progress_all) below the share
 *   of the month's weekdays elapsed: behind the month's pace, while its claims can still be won.
 * The month is the one the list's month filter holds (`monthField`), else today's.
 */
export function forecastQuery(field: string, value: unknown, options: Readonly<Record<string, unknown>> = {}, env: FilterEnv = defaultFilterEnv()): Filter {
  const today = zonedDay(env.now, env.timeZone);
  if (value === 'unreachable') return { [`${field}[lt]`]: today };
  if (value !== 'at_risk') return {};
  const chosen = typeof options.monthField === 'string' ? monthOf(env.filters?.[options.monthField]) : undefined;
  const month = chosen ? monthKey(chosen) : today.slice(0, 7);
  const progressField = typeof options.progressField === 'string' ? options.progressField : 'progress_all';
  return { [`${field}[gte]`]: today, [`${progressField}[lt]`]: elapsedWeekdayShare(month, today) };
}
