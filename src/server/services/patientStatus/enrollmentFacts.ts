import type { Kysely } from 'kysely';
import type { PatientStatus } from '../../../domain/enums';
import type { ConsentCaller, EnrollmentFacts } from '../../../domain/patientStatusConsent';
import type { DB } from '../../db/schema';

export interface PatientFacts extends EnrollmentFacts {
  id: number;
  tenant_id: number;
}

/**
 * What the status rules read of a patient: its row, its active care programs, its assigned
 * devices and the shared devices it was linked to. With `lock`, the patient row is locked until
 * the transaction ends, so that two changes of one patient's status run one after the other. The
 * caller has already checked that it may see the patient.
 */
export async function loadEnrollmentFacts(db: Kysely<DB>, patientId: number, { lock = false } = {}): Promise<PatientFacts> {
  let query = db
    .selectFrom('patients as p')
    .select((eb) => [
      'p.id',
      'p.tenant_id',
      'p.patient_status',
      'p.birthdate',
      'p.billing_provider_id',
      'p.consented_on',
      'p.virtual_enrollment',
      eb
        .selectFrom('service_instances as s')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('s.patient_id', '=', 'p.id')
        .where('s.is_active', '=', true)
        .as('active_care_programs'),
      eb
        .selectFrom('devices as d')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('d.patient_id', '=', 'p.id')
        .as('assigned_devices'),
      eb
        .selectFrom('patient_shared_devices as l')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('l.patient_id', '=', 'p.id')
        .as('shared_devices'),
    ])
    .where('p.id', '=', patientId);
  if (lock) query = query.forUpdate('p');
  const row = await query.executeTakeFirstOrThrow();
  return {
    ...row,
    patient_status: row.patient_status as PatientStatus,
    active_care_programs: Number(row.active_care_programs ?? 0),
    assigned_devices: Number(row.assigned_devices ?? 0),
    shared_devices: Number(row.shared_devices ?? 0),
  };
}

/** Whether attendance is enforced for the user and whether they are checked in now (an open attendance). */
export async function consentCallerOf(db: Kysely<DB>, userId: number): Promise<ConsentCaller> {
  const user = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.attendance_tracking_enabled',
      eb.exists(eb.selectFrom('attendances as a').select('a.id').whereRef('a.user_id', '=', 'u.id').where('a.check_out_time', 'is', null)).as('checked_in'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return { attendance_enforced: user?.attendance_tracking_enabled === true, checked_in: Boolean(user?.checked_in) };
}
