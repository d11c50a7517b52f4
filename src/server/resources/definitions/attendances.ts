import { sql } from 'kysely';
import { attendanceSchema, INCENTIVE } from '../../../../schemas/entities/attendance';
import { invalid } from '../../errors';
import { actorOf } from '../audit';
import { defineResource, type Values, type WriteContext, type WrittenContext } from '../defineResource';
import { missingReference, visibleReference } from '../references';

export const ATTENDANCE_TEXTS = {
  /** Spec 002 section 5: only users with attendance tracking enabled can be chosen. */
  untracked: 'Only users with attendance tracking enabled can be chosen.',
  order: 'Check-out must be after check-in.',
} as const;

const USERS = { table: 'users', tenantColumn: 'tenant_id', operatorRows: true } as const;
const LOCATIONS = { table: 'locations', tenantColumn: 'tenant_id' } as const;

/**
 * Staff attendance (spec 002 sections 2, 3, 4, 5, 7 "Attendance"): the Attendance list (attendances.list,
 * the three internal admin roles), My Attendance (`user_id[eq]` the caller; a tracked internal clinician
 * holds attendances.list for its own rows only), and records written by hand for attendances.edit
 * (superadmin, internal_admin): the user must have attendance tracking, the type is office or training,
 * the incentive 0 to 25 dollars (15 unless given). A record's tenant is its location's provider (the
 * user's own provider when it has no location): internal staff check in at providers' sites. Checking in and
 * out is POST attendances/check-in and check-out (routes/attendance/), which also record where.
 * A second open record for a user is refused by the database (one open record per user): 409.
 * Writes are audited (auditAttendance): attendance is pay data, though not patient data.
 */
export const attendances = defineResource({
  name: 'attendances',
  table: 'attendances',
  schema: attendanceSchema,
  permission: 'attendances',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  keys: { read: 'attendances.list', create: 'attendances.edit', update: 'attendances.edit', delete: 'attendances.edit' },
  tenantField: 'tenant_id',
  ownField: 'user_id',
  joins: { user: { table: 'users', on: 'user_id' }, location: { table: 'locations', on: 'location_id' } },
  computed: { user_fullname: sql<string>`(select u.full_name from users u where u.id = t.user_id)` },
  filterable: ['id', 'user_id', 'tenant_id', 'location_id', 'attendance_type', 'check_in_time', 'check_out_time'],
  sortable: ['id', 'check_in_time', 'check_out_time', 'user.full_name', 'attendance_type'],
  search: ['user.full_name'],
  defaultSort: { field: 'check_in_time', order: 'desc' },
  references: { user_id: USERS, location_id: LOCATIONS },
  prepare: attendanceRules,
  afterWrite: auditAttendance,
});

async function attendanceRules({ trx, access, values, existing }: WriteContext): Promise<Values> {
  const next: Values = { ...values };
  if (values.user_id !== undefined) {
    const user = await visibleReference(trx, access, USERS, values.user_id, ['body', 'user_id'], ['role', 'attendance_tracking_enabled', 'tenant_id']);
    if (user.role === 'patient') throw missingReference(['body', 'user_id']);
    if (user.attendance_tracking_enabled !== true) throw invalid(['body', 'user_id'], ATTENDANCE_TEXTS.untracked);
    next.tenant_id = user.tenant_id ?? null;
  }
  const locationId = values.location_id !== undefined ? values.location_id : existing?.location_id;
  if (locationId !== undefined && locationId !== null) {
    // The record belongs to the provider whose location it is (internal staff work at providers' sites).
    const location = await visibleReference(trx, access, LOCATIONS, locationId, ['body', 'location_id']);
    next.tenant_id = location.tenant;
  }
  if (values.additional_data !== undefined || !existing) {
    const given = (values.additional_data ?? {}) as { incentive_compensation?: boolean; incentive_compensation_amount?: number };
    next.additional_data = {
      incentive_compensation: given.incentive_compensation ?? false,
      incentive_compensation_amount: given.incentive_compensation_amount ?? INCENTIVE.default,
    };
  }
  const checkIn = values.check_in_time ?? existing?.check_in_time;
  const checkOut = values.check_out_time !== undefined ? values.check_out_time : existing?.check_out_time;
  if (checkIn && checkOut && new Date(checkOut as string | Date) < new Date(checkIn as string | Date))
    throw invalid(['body', 'check_out_time'], ATTENDANCE_TEXTS.order);
  return next;
}

/** Every write of an attendance record is in the audit trail, in the write's transaction. */
async function auditAttendance({ trx, identity, action, after, before }: WrittenContext): Promise<void> {
  const record = after ?? before;
  await trx
    .insertInto('audit_logs')
    .values({
      ...actorOf(identity),
      tenant_id: (record?.tenant_id as number | null) ?? null,
      action,
      resource: 'attendances',
      record_id: String(record?.id),
      patient_id: null,
    })
    .execute();
}
