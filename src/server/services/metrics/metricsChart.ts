import type { Kysely } from 'kysely';
import type { ChartSeries, MetricChartId, MetricsQuery } from '../../../../schemas/payloads/metrics';
import type { DB } from '../../db/schema';
import { chartBuckets, runningTotals, type Buckets } from './buckets';
import { baselineDeviationsPerBucket, compliancePerBucket } from './clinicalCharts';
import {
  claimsPerBucket,
  consentedPerBucket,
  declinedPerBucket,
  enrolledPerBucket,
  monitoringNotesPerBucket,
  readingsPerBucket,
  unenrolledPerBucket,
} from './eventCounts';
import type { MetricsTenant } from './metricsTenant';
import { primaryConditions } from './primaryConditions';
import { providerMetrics } from './providerMetrics';

type Query = MetricsQuery & { months: number; freq: NonNullable<MetricsQuery['freq']> };

/** A list of (date, count) items, or none when nothing happened in the range ('No data available', 'N/A'). */
function dated(b: Buckets, counts: number[], cumulative: boolean): { date: string; count: number }[] {
  if (counts.every((n) => n === 0)) return [];
  const values = cumulative ? runningTotals(counts) : counts;
  return b.labels.map((date, i) => ({ date, count: values[i] ?? 0 }));
}

const series = (id: MetricChartId, b: Buckets, months: number, datasets: ChartSeries['datasets']): ChartSeries => ({
  id,
  freq: b.freq,
  months,
  time_zone: b.timeZone,
  labels: b.labels,
  datasets,
});

/**
 * GET metrics?id=...: the figures or chart `id` of one provider (src/server/routes/metrics/README.md
 * lists each chart's meaning and shape). Every figure is counted from the real rows at the call.
 */
export async function metricsChart(db: Kysely<DB>, tenant: MetricsTenant, query: Query): Promise<unknown> {
  const { id, months } = query;
  if (id === 'provider') return providerMetrics(db, tenant);
  if (id === 'primary-condition-plot') return primaryConditions(db, tenant, months, query.freq);
  const byDay = id === 'enrollment-by-day-plot' || id === 'declined-by-day-plot' || id === 'unenrollment-by-day-plot';
  const b = await chartBuckets(db, tenant.timeZone, months, byDay ? 'day' : query.freq);
  const t = tenant.id;
  switch (id) {
    case 'enrollment-plot':
      return {
        patient_onboarding_count: dated(b, await enrolledPerBucket(db, t, b), query.cumulative === true).map(({ date, count }) => ({
          enrolled_date: date,
          count,
        })),
      };
    case 'unenrollment-plot':
      return {
        patient_unenrollment_count: dated(b, await unenrolledPerBucket(db, t, b), query.cumulative === true).map(({ date, count }) => ({
          unenrolled_date: date,
          count,
        })),
      };
    case 'enrollment-by-day-plot':
      return { dates: b.labels, enrollments: await enrolledPerBucket(db, t, b) };
    case 'unenrollment-by-day-plot':
      return series(id, b, months, [{ label: 'Unenrolled patients', data: await unenrolledPerBucket(db, t, b) }]);
    case 'declined-plot':
    case 'declined-by-day-plot':
      return series(id, b, months, [{ label: 'Declined patients', data: await declinedPerBucket(db, t, b) }]);
    case 'device-measurement-plot':
      return series(id, b, months, [{ label: 'Device measurements', data: await readingsPerBucket(db, t, b) }]);
    case 'compliance-plot':
      return series(id, b, months, [
        { label: 'Compliant patients (%)', data: await compliancePerBucket(db, t, b, query.compliance_window ?? 30, query.min_measurements ?? 16) },
      ]);
    case 'baseline-deviation-plot':
      return series(id, b, months, [
        { label: 'Readings outside baseline', data: await baselineDeviationsPerBucket(db, t, b, query.baseline_window ?? 7, query.threshold ?? 15) },
      ]);
    case 'provider-metrics': {
      const [enrolled, consented, notes, claims] = await Promise.all([
        enrolledPerBucket(db, t, b),
        consentedPerBucket(db, t, b),
        monitoringNotesPerBucket(db, t, b),
        claimsPerBucket(db, t, b),
      ]);
      return series(id, b, months, [
        { label: 'Enrolled', data: enrolled },
        { label: 'Consented', data: consented },
        { label: 'Monitoring notes', data: notes },
        { label: 'Claims', data: claims },
      ]);
    }
  }
}
