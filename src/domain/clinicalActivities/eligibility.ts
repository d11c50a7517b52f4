import { CONDITION_CUES, cueLabel, type PeriodType, type TriggerCue } from './catalog';
import type { FrequencyLimit, Recommendation } from './types';

/**
 * Which activities a patient is offered (spec 001 section 3 "Clinical activity availability"; 002
 * sections 3 and 9): frequency limits over the patient's completed runs (is_eligible), and the
 * recommendation rules (is_recommended, warning, disabled).
 */

/** `at` moved back by `value` periods, by the calendar in UTC (a month back from 31 March is 28 or 29 February). */
export function periodStart(at: Date, type: PeriodType, value: number): Date {
  const start = new Date(at.getTime());
  if (type === 'days') start.setUTCDate(start.getUTCDate() - value);
  else if (type === 'weeks') start.setUTCDate(start.getUTCDate() - 7 * value);
  else {
    const months = type === 'months' ? value : 12 * value;
    const day = start.getUTCDate();
    start.setUTCDate(1);
    start.setUTCMonth(start.getUTCMonth() - months);
    const lastDay = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
    start.setUTCDate(Math.min(day, lastDay));
  }
  return start;
}

/** The inverse of periodStart: `at` moved forward by `value` periods. */
function periodEnd(at: Date, type: PeriodType, value: number): Date {
  const end = new Date(at.getTime());
  if (type === 'days') end.setUTCDate(end.getUTCDate() + value);
  else if (type === 'weeks') end.setUTCDate(end.getUTCDate() + 7 * value);
  else {
    const months = type === 'months' ? value : 12 * value;
    const day = end.getUTCDate();
    end.setUTCDate(1);
    end.setUTCMonth(end.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
    end.setUTCDate(Math.min(day, lastDay));
  }
  return end;
}

export interface Eligibility {
  eligible: boolean;
  reason: string | null;
}

/**
 * The frequency limit over the patient's completed runs of the template's family (pending review
 * or complete; their completion times). none: always; total: fewer than total_occurrences_limit
 * runs ever; period with the rolling-period reset: fewer than max_occurrences runs in the
 * period_value period_type before `now`, so a run stops counting exactly one period after it.
 */
export function frequencyEligibility(limit: FrequencyLimit | undefined, completions: readonly Date[], now: Date): Eligibility {
  if (!limit || limit.limit_type === 'none') return { eligible: true, reason: null };
  if (limit.limit_type === 'total') {
    const max = limit.total_occurrences_limit ?? 1;
    return completions.length < max
      ? { eligible: true, reason: null }
      : { eligible: false, reason: `Completed ${String(completions.length)} of ${String(max)} allowed times` };
  }
  const type = limit.period_type ?? 'days';
  const value = limit.period_value ?? 1;
  const max = limit.max_occurrences ?? 1;
  const from = periodStart(now, type, value);
  const counted = completions.filter((at) => at > from && at <= now).sort((a, b) => a.getTime() - b.getTime());
  if (counted.length < max) return { eligible: true, reason: null };
  // The window rolls: a run is free again once the oldest counted run is a whole period old.
  const freeAt = periodEnd(counted[counted.length - max]!, type, value);
  const unit = value === 1 ? type.slice(0, -1) : type;
  return {
    eligible: false,
    reason: `Limit of ${String(max)} per ${value === 1 ? unit : `${String(value)} ${unit}`} reached; available again on ${freeAt.toISOString().slice(0, 10)}`,
  };
}

/** What a recommendation reads of a patient on a day: its active care program types, its trigger cues, and the day (yyyy-mm-dd, in the provider's zone). */
export interface PatientFacts {
  programs: readonly string[];
  cues: readonly string[];
  day: string;
}

/** 0 Monday to 6 Sunday. */
export const weekdayOf = (day: string) => (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;

/** first: days 1 to 7 of the month; last: the month's last seven days (never both: a month has at least 28 days). */
export function weeksOfMonth(day: string): ('first' | 'last')[] {
  const date = new Date(`${day}T12:00:00Z`);
  const dayOfMonth = date.getUTCDate();
  const days = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  const weeks: ('first' | 'last')[] = [];
  if (dayOfMonth <= 7) weeks.push('first');
  if (dayOfMonth > days - 7) weeks.push('last');
  return weeks;
}

export interface RecommendationResult {
  recommended: boolean;
  disabled: boolean;
  reason: string | null;
  warning: string | null;
  priority: number;
}

/**
 * A template's recommendation for a patient: recommended when enabled and every rule given holds
 * (one of its care programs is active, one of its trigger cues is present, the day of week and the
 * week of month match; an empty rule holds); a present disabled cue disables it with its reason; a
 * present warning cue warns. With recommend_if_eligible, an ineligible template is not recommended.
 */
export function recommendationFor(
  recommendation: Recommendation | undefined,
  facts: PatientFacts,
  eligible: boolean,
  recommendIfEligible: boolean,
): RecommendationResult {
  const cues = new Set(facts.cues);
  const disabledBy = (recommendation?.disabled_cues ?? []).filter((cue) => cues.has(cue));
  const warnedBy = (recommendation?.warning_cues ?? []).filter((cue) => cues.has(cue));
  const result: RecommendationResult = {
    recommended: false,
    disabled: disabledBy.length > 0,
    reason: disabledBy.length > 0 ? `Not available: ${disabledBy.map(cueLabel).join(', ')}` : null,
    warning: warnedBy.length > 0 ? warnedBy.map(cueLabel).join(', ') : null,
    priority: recommendation?.priority_score ?? 0,
  };
  if (!recommendation?.enabled || result.disabled) return result;
  const holds = (rule: readonly unknown[] | undefined, test: () => boolean) => !rule || rule.length === 0 || test();
  const weekday = weekdayOf(facts.day);
  const weeks = weeksOfMonth(facts.day);
  result.recommended =
    holds(recommendation.care_program_types, () => recommendation.care_program_types.some((t) => facts.programs.includes(t))) &&
    holds(recommendation.trigger_cues, () => recommendation.trigger_cues.some((c) => cues.has(c))) &&
    holds(recommendation.day_of_week, () => recommendation.day_of_week.includes(weekday)) &&
    holds(recommendation.week_of_month, () => recommendation.week_of_month.some((w) => weeks.includes(w))) &&
    (!recommendIfEligible || eligible);
  return result;
}

/** The record's facts behind the trigger cues (computed by the server from the patient's rows). */
export interface CueFacts {
  primaryCondition: string | null;
  /** Days since consented_on or enrolled_on, whichever is later; null when neither. */
  daysSinceEnrollment: number | null;
  /** Days since the last device reading; null when none ever. */
  daysSinceLastReading: number | null;
  careSecondsThisMonth: number;
  openTasks: number;
  hasActiveCarePlan: boolean;
}

/** The trigger cues present for a patient (catalog TRIGGER_CUES). */
export function cuesOf(facts: CueFacts): TriggerCue[] {
  const cues: TriggerCue[] = [];
  if (facts.daysSinceEnrollment !== null && facts.daysSinceEnrollment <= 30) cues.push('new_enrollment');
  if (facts.daysSinceLastReading === null || facts.daysSinceLastReading > 7) cues.push('no_readings_7_days');
  if (facts.careSecondsThisMonth === 0) cues.push('no_care_time_this_month');
  if (facts.openTasks > 0) cues.push('open_tasks');
  if (!facts.hasActiveCarePlan) cues.push('no_active_care_plan');
  const condition = facts.primaryCondition ? CONDITION_CUES[facts.primaryCondition] : undefined;
  if (condition) cues.push(condition);
  return cues;
}
