import { sql, type Kysely } from 'kysely';
import type { ChartSeries, MetricFrequency } from '../../../../schemas/payloads/metrics';
import type { DB } from '../../db/schema';
import { PRIMARY_CONDITION_LABELS } from '../../../domain/enums';
import type { MetricsTenant } from './metricsTenant';

/** The label of the slice of patients with no primary condition. */
export const NO_PRIMARY_CONDITION = 'Not recorded';

/**
 * The primary-condition pie (spec 002 section 2): the provider's active patients by their primary
 * condition, largest slice first. A state of today: `months` and `freq` are echoed, not used.
 */
export async function primaryConditions(db: Kysely<DB>, tenant: MetricsTenant, months: number, freq: MetricFrequency): Promise<ChartSeries> {
  const { rows } = await sql<{ condition: string | null; n: number }>`
    select primary_condition as condition, count(*)::int as n from patients
    where tenant_id = ${tenant.id} and patient_status = 'active'
    group by 1 order by 2 desc, 1 nulls last`.execute(db);
  return {
    id: 'primary-condition-plot',
    freq,
    months,
    time_zone: tenant.timeZone,
    // In words (Heart Failure, General Monitoring); a value outside the list as it is stored.
    labels: rows.map((r) =>
      r.condition === null ? NO_PRIMARY_CONDITION : (PRIMARY_CONDITION_LABELS[r.condition as keyof typeof PRIMARY_CONDITION_LABELS] ?? r.condition),
    ),
    datasets: [{ label: 'Active patients', data: rows.map((r) => r.n) }],
  };
}
