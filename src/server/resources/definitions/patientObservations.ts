import type { Kysely } from 'kysely';
import type { QueueObservationRecord } from '../../../../schemas/entities/patientQueue';
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
 * reading of each queue measure (migration 0010 keeps them), in the queue's order of measures.
 * One query for the page.
 */
export async function expandLatestObservations(db: Kysely<DB>, records: Values[]): Promise<void> {
  const ids = records.map((r) => r.id).filter((id): id is number => typeof id === 'number');
  const rows = ids.length
    ? await db.selectFrom('patient_latest_observations').select(['patient_id', 'observations']).where('patient_id', 'in', ids).execute()
    : [];
  const byPatient = new Map(rows.map((row) => [row.patient_id, (row.observations ?? {}) as Record<string, unknown>]));
  for (const record of records) {
    const stored = byPatient.get(record.id as number) ?? {};
    const observations = Object.entries(stored).flatMap(([name, reading]) => toObservation(name, reading) ?? []);
    record.observations = orderObservations(observations);
  }
}
