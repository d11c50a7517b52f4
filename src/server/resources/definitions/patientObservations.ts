import type { Kysely } from 'kysely';
import type { QueueObservationRecord } from '../../../../schemas/entities/patientQueue';
import { applicableLimits, monitoringLimitsOf, readingOutOfRange } from '../../../domain/monitoringLimits';
import { orderObservations, QUEUE_MEASURES } from '../../../domain/patientQueue';
import type { DB } from '../../db/schema';
import type { Values } from '../defineResource';

const MEASURES = new Set<string>(QUEUE_MEASURES);

/** One stored reading as the row shows it; anything that is not a queue measure with a number is left out. */
function toObservation(name: string, stored: unknown): QueueObservationRecord | null {
  if (!MEASURES.has(name) || typeof stored !== 'object' || stored === null) return null;
  const reading = stored as Record<string, unknown>;
  const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return {
    name: name as QueueObservationRecord['name'],
    value: numberOrNull(reading.value),
    unit: typeof reading.unit === 'string' ? reading.unit : null,
    ...(name === 'blood_pressure' ? { systolic: numberOrNull(reading.systolic), diastolic: numberOrNull(reading.diastolic) } : {}),
    timestamp: typeof reading.timestamp === 'string' ? new Date(reading.timestamp).toISOString() : null,
  };
}

/**
 * `meta={"expand": ["observations"]}` on patients: each record gets `observations`, the latest
 * reading of each queue measure (migration 0010 keeps them), in the queue's order of measures, a
 * reading outside the patient's monitoring limits (care_plan), else its provider's (settings),
 * marked `out_of_range` (src/domain/monitoringLimits.ts). Two queries for the page.
 */
export async function expandLatestObservations(db: Kysely<DB>, records: Values[]): Promise<void> {
  const ids = records.map((r) => r.id).filter((id): id is number => typeof id === 'number');
  const tenantIds = [...new Set(records.map((r) => r.tenant_id).filter((id): id is number => typeof id === 'number'))];
  const [rows, tenants] = await Promise.all([
    ids.length ? db.selectFrom('patient_latest_observations').select(['patient_id', 'observations']).where('patient_id', 'in', ids).execute() : [],
    tenantIds.length ? db.selectFrom('tenants').select(['id', 'settings']).where('id', 'in', tenantIds).execute() : [],
  ]);
  const byPatient = new Map(rows.map((row) => [row.patient_id, (row.observations ?? {}) as Record<string, unknown>]));
  const providerLimits = new Map(tenants.map((tenant) => [tenant.id, monitoringLimitsOf(tenant.settings)]));
  for (const record of records) {
    const stored = byPatient.get(record.id as number) ?? {};
    const limits = applicableLimits(monitoringLimitsOf(record.care_plan), providerLimits.get(record.tenant_id as number));
    const observations = Object.entries(stored).flatMap(([name, reading]) => {
      const observation = toObservation(name, reading);
      if (!observation) return [];
      const outside = readingOutOfRange(observation, limits);
      return [outside ? { ...observation, out_of_range: outside } : observation];
    });
    record.observations = orderObservations(observations);
  }
}
