import {
  PROVIDER_METRIC_FIELDS,
  USER_METRIC_FIELDS,
  type MetricChartId,
  type MetricFrequency,
  type ProviderMetrics,
  type UserMetrics,
} from '../../../../schemas/payloads/metrics';

/** Spec 002 section 9: range 3, 6 (default) or 12 months. */
export const RANGE_MONTHS = [3, 6, 12] as const;
export type RangeMonths = (typeof RANGE_MONTHS)[number];
export const FREQUENCY_LABELS = { day: 'Day', week: 'Week', month: 'Month' } as const satisfies Record<MetricFrequency, string>;
export const DEFAULT_MONTHS: RangeMonths = 6;
/** Spec 002 section 9: enrollment charts default to week, clinical ones to day. */
export const ENROLLMENT_DEFAULT_FREQ: MetricFrequency = 'week';
export const CLINICAL_DEFAULT_FREQ: MetricFrequency = 'day';

/** Spec 002 section 2 and 8: a chart with nothing to show, and the unenrollment card's total without one. */
export const NO_DATA = 'No data available';
export const NOT_AVAILABLE = 'N/A';
export const CHOOSE_PROVIDER = 'Choose a provider to see its figures.';
/** Spec 001 section 9: the pie hides the labels of slices under 5 percent. */
export const PIE_LABEL_MIN_PERCENT = 5;

export const USER_METRIC_LABELS = {
  patients_under_care: 'Patients under care',
  patients_enrolled_this_month: 'Enrolled this month',
  patients_enrolled: 'Patients enrolled',
  monitoring_notes_count: 'Monitoring notes this month',
  monitoring_minutes_sum: 'Monitoring minutes this month',
  open_tasks: 'Open tasks',
  completed_tasks: 'Completed tasks',
} as const satisfies Record<keyof UserMetrics, string>;

export const PROVIDER_METRIC_LABELS = {
  active_patients: 'Active patients',
  today_enrolled_count: 'Enrolled today',
  today_consented_count: 'Consented today',
  today_pending_enrollment_count: 'Pending enrollment today',
  monitoring_notes_count: 'Monitoring notes this month',
  monitoring_minutes_sum: 'Monitoring minutes this month',
  claims_count: 'Claims this month',
} as const satisfies Record<keyof ProviderMetrics, string>;

/** The figures in the spec's order with their labels: `[{ key, label, value }]`. */
export function figuresOf(kind: 'user' | 'provider', answer: Readonly<Record<string, unknown>>): { key: string; label: string; value: number | null }[] {
  const fields = kind === 'user' ? USER_METRIC_FIELDS : PROVIDER_METRIC_FIELDS;
  const labels: Readonly<Record<string, string>> = kind === 'user' ? USER_METRIC_LABELS : PROVIDER_METRIC_LABELS;
  return fields.map((key) => {
    const value = answer[key];
    return { key, label: labels[key] ?? key, value: typeof value === 'number' ? value : null };
  });
}

/** The path of GET metrics: `/metrics?id=enrollment-plot&tenant_id=3&months=6&freq=week`. */
export function metricsPath(id: MetricChartId, params: Readonly<Record<string, string | number | boolean | undefined>>): string {
  const query = new URLSearchParams({ id });
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  return `/metrics?${query.toString()}`;
}

// Intl's English short months are date-fns' `MMM` ("Mar 4", "Mar 2026"), without its formatter on every page.
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' });
const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/**
 * An axis label of a bucket (its first day, yyyy-mm-dd; spec 002 section 2: "day and week as month
 * and day, month as month and year"): `Mar 4`, `Mar 2026`. The day is a calendar day, read without a zone.
 */
export function axisLabel(day: string, freq: MetricFrequency): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return (freq === 'month' ? MONTH_YEAR : MONTH_DAY).format(new Date(y, m - 1, d));
}

/** A chart's shape as the views draw it: labels and series. */
export interface ChartData {
  labels: string[];
  datasets: { label: string; data: number[] }[];
}

/** Whether a chart has nothing to show: no label, or nothing but zeros. */
export const isEmptyChart = (chart: ChartData | undefined): boolean =>
  !chart || chart.labels.length === 0 || chart.datasets.every((set) => set.data.every((value) => value === 0));

/** The enrollment plot (`patient_onboarding_count`) as a chart. */
export function enrollmentChart(answer: { patient_onboarding_count?: { enrolled_date: string; count: number }[] }, label: string): ChartData {
  const items = answer.patient_onboarding_count ?? [];
  return { labels: items.map((i) => i.enrolled_date), datasets: [{ label, data: items.map((i) => i.count) }] };
}

/** The unenrollment plot (`patient_unenrollment_count`, cumulative) as a chart, and its total: the last count, 'N/A' if none. */
export function unenrollmentOf(answer: { patient_unenrollment_count?: { unenrolled_date: string; count: number }[] }): { chart: ChartData; total: string } {
  const items = answer.patient_unenrollment_count ?? [];
  const last = items.at(-1);
  return {
    chart: { labels: items.map((i) => i.unenrolled_date), datasets: [{ label: 'Unenrolled patients (cumulative)', data: items.map((i) => i.count) }] },
    total: last === undefined ? NOT_AVAILABLE : String(last.count),
  };
}

/** The label drawn on each slice of a pie: its percentage, or null under `minPercent` (spec 001 section 9). */
export function sliceLabels(values: readonly number[], minPercent = PIE_LABEL_MIN_PERCENT): (string | null)[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  return values.map((value) => {
    if (total === 0) return null;
    const percent = (100 * value) / total;
    return percent < minPercent ? null : `${Math.round(percent)}%`;
  });
}
