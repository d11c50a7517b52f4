import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The readings of patients that count (spec 001 section 4: "A flagged data point is excluded from
 * charts and baselines unless a new value is given"): a flag without a new value leaves a reading out;
 * with one, the new value counts (y, and y2 for a blood pressure's diastolic). Only readings taken
 * while the patient was with their current provider. What the record's reports and the AI summaries'
 * facts read; the chart applies the same rule to the readings it lists with their annotations.
 */
export function countedReadings(db: Kysely<DB>, patientIds: readonly number[]) {
  return db
    .selectFrom('observations as o')
    .innerJoin('patients as p', (join) => join.onRef('p.id', '=', 'o.patient_id').onRef('p.tenant_id', '=', 'o.tenant_id'))
    .leftJoin('observation_annotations as a', 'a.observation_id', 'o.id')
    .where('o.patient_id', 'in', patientIds)
    .where('o.category', '=', 'vital-signs')
    .where((eb) => eb.or([eb('a.annotation_type', 'is', null), eb('a.annotation_type', '<>', 'flag'), eb('a.new_value', 'is not', null)]))
    .select([
      'o.patient_id',
      'o.name',
      'o.timestamp',
      sql<number>`coalesce(a.new_value, o.value)`.as('y'),
      sql<number | null>`case when a.new_value is not null then a.new_value2 else o.value2 end`.as('y2'),
      'o.unit_text',
    ]);
}
