import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { PatientStatus } from '../../../domain/enums';
import { describeStatusChange } from '../../../domain/patientStatus';
import type { DB } from '../../db/schema';

/** Who made a change: the caller, or the caller whose write completed a patient's activation. */
export interface Actor {
  id: number;
  full_name: string;
}

export interface StatusChange {
  patientId: number;
  tenantId: number;
  from: PatientStatus;
  to: PatientStatus;
  actor: Actor;
  /** What the history shows as the reason: a reason's label, or the text given. */
  reason: string | null;
  /** More of what happened, for the monitoring activity (the devices of an unenrolment). */
  details?: string | null;
  /** The patient's columns of this change beyond the status (a decline reason, the unenrolment fields). */
  columns?: PatientColumns;
}

type PatientColumns = UpdateObject<DB, 'patients'>;

/** The dates and actors a status sets on the patient row (spec 001 section 3, "Dates and reasons"). */
function statusColumns(to: PatientStatus, actor: Actor): PatientColumns {
  switch (to) {
    case 'consented':
      return { consented_on: sql<Date>`now()`, consented_by_id: actor.id };
    case 'declined':
      return { declined_on: sql<Date>`now()`, declined_by_id: actor.id };
    case 'unseen':
      return { unseen_on: sql<Date>`now()`, unseen_by_id: actor.id };
    case 'active':
      // Enrolled on: the first day of monitoring; a re-enrolled patient keeps the first one, and the
      // one who enrolled it (the user's Enrollment tab, /account/enrolled-patients): whoever made it active.
      return { enrolled_on: sql<Date>`coalesce(enrolled_on, now())`, enrolled_by_id: sql<number>`coalesce(enrolled_by_id, ${actor.id})` };
    case 'disabled':
      return { unenrolled_date: sql<string>`current_date`, unenrolled_by_id: actor.id };
    case 'pending_enrollment':
      return {};
  }
}

/**
 * Writes one status change in the caller's transaction: the patient's status and its dates, the
 * status history row and the monitoring activity of type activity that describes the update
 * (spec 001 section 4: "Every status change also creates a monitoring activity").
 */
export async function recordStatusChange(trx: Kysely<DB>, change: StatusChange): Promise<void> {
  const { patientId, tenantId, from, to, actor, reason } = change;
  await trx
    .updateTable('patients')
    .set({ ...statusColumns(to, actor), ...change.columns, patient_status: to })
    .where('id', '=', patientId)
    .execute();
  await trx
    .insertInto('patient_status_history')
    .values({ patient_id: patientId, tenant_id: tenantId, old_status: from, new_status: to, changed_by_id: actor.id, changed_by_name: actor.full_name, reason })
    .execute();
  await trx
    .insertInto('monitoring_activities')
    .values({
      patient_id: patientId,
      tenant_id: tenantId,
      practitioner_id: actor.id,
      practitioner_name: actor.full_name,
      type: 'activity',
      description: describeStatusChange(from, to, reason, change.details ?? null),
      created_by_id: actor.id,
    })
    .execute();
}
