import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { AvailabilityCreateBody, AvailabilityDeleteBody, AvailabilityOccurrence, AvailabilityUpdateBody } from '../../../../schemas/payloads/availability';
import { AVAILABILITY_TEXTS, slotProblem } from '../../../domain/availability/rules';
import {
  NOT_AN_OCCURRENCE,
  planDelete,
  planEdit,
  slotRow,
  type AvailabilityWrite,
  type SlotValues,
  type StoredSlot,
} from '../../../domain/availability/scopes';
import { forbidden, invalid, notFound } from '../../errors';
import { auditTenantRecord } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { missingReference, visibleReference } from '../../resources/references';
import type { DB } from '../../db/schema';
import { visibleAvailability, type AvailabilityRow } from './availabilityRows';

type Trx = Transaction<DB>;

/** Users are named from any tenant the caller reaches, and internal users (no tenant) from every one. */
const USERS = { table: 'users', tenantColumn: 'tenant_id', operatorRows: true } as const;
const LOCATIONS = { table: 'locations', tenantColumn: 'tenant_id' } as const;
/** The name audit rows give availability (not patient data: audited like users' rates, issue 18). */
const AUDIT_RESOURCE = 'availability';

/** A row as POST and PUT answer it: an occurrence's fields (the first one's), with the excluded dates and without the joins. */
export type AvailabilityAnswer = Omit<AvailabilityOccurrence, 'user' | 'location'> & { excluded_dates: string[] };

const answerOf = (id: number, row: StoredSlot): AvailabilityAnswer => ({
  id,
  availability_date: row.availability_date,
  range_start: row.range_start.toISOString(),
  range_end: row.range_end.toISOString(),
  is_repeating: row.is_repeating,
  repeat_interval: row.repeat_interval,
  repeat_until: row.repeat_until,
  excluded_dates: [...row.excluded_dates],
  timezone_abbr: row.timezone,
  user_id: row.user_id,
  appointment_location_id: row.appointment_location_id,
});

interface Checked {
  next: SlotValues;
  tenantId: number | null;
}

/**
 * The body's slot checked in the order of the routes README: whose it is (an `own` caller writes only
 * its own: 403; another user must be a staff user the caller reaches: 422 as missing), the slot's own
 * rules (past, order, 15-minute steps, repeat fields), then the location (one of the user's locations
 * the caller reaches: 422 as missing otherwise).
 */
async function checkBody(trx: Trx, caller: Caller, body: AvailabilityCreateBody, now: Date): Promise<Checked> {
  let tenantId: number | null;
  if (caller.access.kind === 'own') {
    if (body.user_id !== caller.identity.id) throw forbidden();
    tenantId = caller.identity.tenant_id;
  } else {
    const user = await visibleReference(trx, caller.access, USERS, body.user_id, ['body', 'user_id'], ['role']);
    if (user.role === 'patient') throw missingReference(['body', 'user_id']);
    tenantId = user.tenant;
  }
  const next: SlotValues = {
    range_start: new Date(body.range_start),
    range_end: new Date(body.range_end),
    timezone: body.timezone_abbr,
    is_repeating: body.is_repeating ?? false,
    repeat_interval: body.repeat_interval ?? null,
    repeat_until: body.repeat_until ?? null,
    user_id: body.user_id,
    appointment_location_id: body.appointment_location_id ?? null,
  };
  const problem = slotProblem(next, now);
  if (problem) throw invalid(['body', problem.field], problem.message);
  const locationId = next.appointment_location_id;
  if (locationId !== null) {
    const at = ['body', 'appointment_location_id'];
    if (caller.access.kind !== 'own') await visibleReference(trx, caller.access, LOCATIONS, locationId, at);
    const assigned = await trx
      .selectFrom('user_locations')
      .select('id')
      .where('user_id', '=', next.user_id)
      .where('location_id', '=', locationId)
      .executeTakeFirst();
    if (!assigned) throw missingReference(at);
  }
  return { next, tenantId };
}

const columnsOf = (row: StoredSlot, tenantId: number | null) => ({
  user_id: row.user_id,
  tenant_id: tenantId,
  appointment_location_id: row.appointment_location_id,
  range_start: row.range_start,
  range_end: row.range_end,
  availability_date: row.availability_date,
  timezone: row.timezone,
  is_repeating: row.is_repeating,
  repeat_interval: row.repeat_interval,
  repeat_until: row.repeat_until,
  excluded_dates: [...row.excluded_dates],
});

async function audit(trx: Trx, request: FastifyRequest, caller: Caller, action: 'create' | 'update' | 'delete', tenantId: number | null, id: number) {
  await auditTenantRecord(trx, { request, identity: caller.identity, resource: AUDIT_RESOURCE, action, tenantId, recordId: String(id) });
}

async function insertRow(trx: Trx, request: FastifyRequest, caller: Caller, row: StoredSlot, tenantId: number | null): Promise<number> {
  const { id } = await trx
    .insertInto('availability')
    .values({ ...columnsOf(row, tenantId), created_by_id: caller.identity.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(trx, request, caller, 'create', tenantId, id);
  return id;
}

/** POST availability: a slot or a series from its first occurrence (its day is the start's day in its zone). */
export async function createAvailability(trx: Trx, request: FastifyRequest, caller: Caller, body: AvailabilityCreateBody): Promise<AvailabilityAnswer> {
  const { next, tenantId } = await checkBody(trx, caller, body, new Date());
  const row = slotRow(next);
  return answerOf(await insertRow(trx, request, caller, row, tenantId), row);
}

async function reachable(trx: Trx, caller: Caller, id: number): Promise<AvailabilityRow> {
  const row = await visibleAvailability(trx, caller.access, id);
  if (!row) throw notFound();
  return row;
}

/** Applies a plan's writes to row `current`; answers the row that carries the new values (the inserted one, else the updated one). */
async function apply(trx: Trx, request: FastifyRequest, caller: Caller, current: AvailabilityRow, writes: AvailabilityWrite[], tenantId: number | null) {
  let answer: AvailabilityAnswer | null = null;
  for (const write of writes) {
    if (write.kind === 'delete') {
      await trx.deleteFrom('availability').where('id', '=', current.id).execute();
      await audit(trx, request, caller, 'delete', current.tenant_id, current.id);
    } else if (write.kind === 'update') {
      const keepTenant = write.values.user_id === current.user_id ? current.tenant_id : tenantId;
      await trx
        .updateTable('availability')
        .set({ ...columnsOf(write.values, keepTenant), updated_at: new Date() })
        .where('id', '=', current.id)
        .execute();
      await audit(trx, request, caller, 'update', keepTenant, current.id);
      answer ??= answerOf(current.id, write.values);
    } else {
      answer = answerOf(await insertRow(trx, request, caller, write.values, tenantId), write.values);
    }
  }
  return answer;
}

/**
 * PUT availability/{id}: the new values of the occurrence named by availability_date, applied in the
 * scope recurring_edit_mode (required for a series; a single slot ignores it). A new range in the
 * past is refused like a new slot's.
 */
export async function updateAvailability(
  trx: Trx,
  request: FastifyRequest,
  caller: Caller,
  id: number,
  body: AvailabilityUpdateBody,
): Promise<AvailabilityAnswer> {
  const current = await reachable(trx, caller, id);
  const { next, tenantId } = await checkBody(trx, caller, body, new Date());
  if (current.is_repeating && body.recurring_edit_mode === undefined) throw invalid(['body', 'recurring_edit_mode'], 'Field required', 'missing');
  const plan = planEdit(current, body.recurring_edit_mode ?? 'all', body.availability_date, next);
  if (plan === NOT_AN_OCCURRENCE) throw invalid(['body', 'availability_date'], AVAILABILITY_TEXTS.notAnOccurrence);
  const answer = await apply(trx, request, caller, current, plan, tenantId);
  // A plan always carries the new values in an update or an insert (a deletion alone happens only to an emptied series).
  return answer ?? answerOf(current.id, slotRow(next));
}

/** POST availability/{id}/delete: the occurrence named by availability_date in the scope delete_mode (required for a series). */
export async function deleteAvailability(trx: Trx, request: FastifyRequest, caller: Caller, id: number, body: AvailabilityDeleteBody): Promise<void> {
  const current = await reachable(trx, caller, id);
  if (current.is_repeating && body.delete_mode === undefined) throw invalid(['body', 'delete_mode'], 'Field required', 'missing');
  const plan = planDelete(current, body.delete_mode ?? 'all', body.availability_date);
  if (plan === NOT_AN_OCCURRENCE) throw invalid(['body', 'availability_date'], AVAILABILITY_TEXTS.notAnOccurrence);
  await apply(trx, request, caller, current, plan, current.tenant_id);
}
