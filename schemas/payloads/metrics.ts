import type { FromSchema } from 'json-schema-to-ts';
import { pathId } from './common';

/**
 * The metrics calls (spec 001 section 7 "Metrics", spec 002 section 7 "Analytics and tasks";
 * src/server/routes/metrics/README.md): a user's own figures, and a provider's figures and charts
 * named by `id`.
 */

/** Every chart id GET metrics answers (spec 001 section 7, spec 002 sections 2 and 7), and the primary-condition pie. */
export const METRIC_CHART_IDS = [
  'provider',
  'provider-metrics',
  'enrollment-plot',
  'enrollment-by-day-plot',
  'unenrollment-plot',
  'unenrollment-by-day-plot',
  'declined-plot',
  'declined-by-day-plot',
  'compliance-plot',
  'baseline-deviation-plot',
  'device-measurement-plot',
  'primary-condition-plot',
] as const;
export type MetricChartId = (typeof METRIC_CHART_IDS)[number];

/** Spec 002 section 9: frequency day, week or month. */
export const METRIC_FREQUENCIES = ['day', 'week', 'month'] as const;
export type MetricFrequency = (typeof METRIC_FREQUENCIES)[number];

/** GET metrics/user?id= (or metrics/user/{id}): the identity whose figures are read; the caller's own when left out. */
export const userMetricsQuery = {
  type: 'object',
  properties: { id: pathId },
  additionalProperties: false,
} as const;
export const userMetricsParams = { type: 'object', properties: { id: pathId }, required: ['id'] } as const;

/**
 * GET metrics?id=...: the chart, the provider (its tenant id; the caller's own tenant when left
 * out), the range in months back from today (spec: 3, 6 or 12; any of 1 to 24 is accepted), the
 * bucket (day, week or month), and the chart-specific options of spec 001 section 9 ("Record chart
 * options": baseline threshold and window, compliance window and minimum measurements).
 */
export const metricsQuery = {
  type: 'object',
  properties: {
    id: { type: 'string', enum: METRIC_CHART_IDS },
    tenant_id: pathId,
    months: { type: 'integer', minimum: 1, maximum: 24, default: 6 },
    freq: { type: 'string', enum: METRIC_FREQUENCIES, default: 'week' },
    cumulative: { type: 'boolean', default: false },
    mode: { type: 'string', enum: ['enrollment', 'unenrollment'] },
    threshold: { type: 'integer', enum: [10, 15, 20, 25], default: 15 },
    baseline_window: { type: 'integer', enum: [3, 5, 7, 14], default: 7 },
    compliance_window: { type: 'integer', enum: [16, 30, 45, 60], default: 30 },
    min_measurements: { type: 'integer', enum: [8, 16, 30, 45], default: 16 },
  },
  required: ['id'],
  additionalProperties: false,
} as const;
export type MetricsQuery = FromSchema<typeof metricsQuery>;

/** The seven figures of Your metrics (spec 001 section 3 "Metrics"). */
export const USER_METRIC_FIELDS = [
  'patients_under_care',
  'patients_enrolled_this_month',
  'patients_enrolled',
  'monitoring_notes_count',
  'monitoring_minutes_sum',
  'open_tasks',
  'completed_tasks',
] as const;
export type UserMetrics = Record<(typeof USER_METRIC_FIELDS)[number], number>;

/** The seven figures of a provider (spec 001 section 3 "Metrics"). */
export const PROVIDER_METRIC_FIELDS = [
  'active_patients',
  'today_enrolled_count',
  'today_consented_count',
  'today_pending_enrollment_count',
  'monitoring_notes_count',
  'monitoring_minutes_sum',
  'claims_count',
] as const;
export type ProviderMetrics = Record<(typeof PROVIDER_METRIC_FIELDS)[number], number>;

/** A record-level chart: one label per bucket (its first day, yyyy-mm-dd) or per slice, and its series. */
export interface ChartSeries {
  id: MetricChartId;
  freq: MetricFrequency;
  months: number;
  time_zone: string;
  labels: string[];
  datasets: { label: string; data: number[] }[];
}
