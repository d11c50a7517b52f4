import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { FromSchema } from 'json-schema-to-ts';
import type { checkInBody, checkOutBody } from '../../../../schemas/payloads/attendance';
import type { DB } from '../../db/schema';
import { conflict, forbidden } from '../../errors';
import type { Caller } from '../../resources/caller';
import { attendances } from '../../resources/definitions/attendances';
import { findRecord } from '../../resources/recordQuery';
import { visibleReference } from '../../resources/references';
import { auditTenantRecord } from '../../resources/audit';
import type { Values } from '../../resources/defineResource';

export const CHECK_IN_TEXTS = {
  /** Spec 001 section 8: what the console shows on the 409 of a second check-in. */
  alreadyCheckedIn: "You're already checked in",
  notCheckedIn: "You're not checked in",
  untracked: 'Attendance tracking is not enabled for your account.',
} as const;

type CheckIn = FromSchema<typeof checkInBody>;
type CheckOut = FromSchema<typeof checkOutBody>;

const LOCATIONS = { table: 'locations', tenantColumn: 'tenant_id' } as const;

async function trackedUser(trx: Transaction<DB>, userId: number) {
  const user = await trx.selectFrom('users').select(['attendance_tracking_enabled', 'tenant_id']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (!user.attendance_tracking_enabled) throw forbidden(CHECK_IN_TEXTS.untracked);
  return user;
}

const openRecord = (trx: Transaction<DB>, userId: number) =>
  trx.selectFrom('attendances').select(['id', 'tenant_id']).where('user_id', '=', userId).where('check_out_time', 'is', null).forUpdate().executeTakeFirst();

/**
 * POST attendances/check-in (spec 001 sections 4, 5, 7): a tracked user starts an attendance at a
 * location it can see, with the browser's coordinates when given and the client's address. A
 * second check-in while one is open is 409 "You're already checked in" (also from the database's
 * one-open-record index when two arrive at once).
 */
export async function checkIn(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, body: CheckIn): Promise<Values> {
  const { identity } = caller;
  const user = await trackedUser(trx, identity.id);
  const location = await visibleReference(trx, caller.access, LOCATIONS, body.location_id, ['body', 'location_id']);
  if (await openRecord(trx, identity.id)) throw conflict(CHECK_IN_TEXTS.alreadyCheckedIn);
  const row = await trx
    .insertInto('attendances')
    .values({
      user_id: identity.id,
      // The provider whose site it is (definitions/attendances.ts).
      tenant_id: location.tenant ?? user.tenant_id,
      location_id: body.location_id,
      attendance_type: 'office',
      latitude_checked_in: body.latitude_checked_in ?? null,
      longitude_checked_in: body.longitude_checked_in ?? null,
      ip_address_checked_in: request.ip,
      additional_data: JSON.stringify({ incentive_compensation: false, incentive_compensation_amount: 15 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await auditTenantRecord(trx, {
    request,
    identity,
    resource: 'attendances',
    action: 'create',
    tenantId: location.tenant ?? user.tenant_id,
    recordId: String(row.id),
  });
  return (await findRecord(trx, attendances, caller.access, row.id)) as Values;
}

/** POST attendances/check-out: ends the caller's open attendance; 409 when there is none. */
export async function checkOut(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, body: CheckOut | undefined): Promise<Values> {
  const { identity } = caller;
  await trackedUser(trx, identity.id);
  const open = await openRecord(trx, identity.id);
  if (!open) throw conflict(CHECK_IN_TEXTS.notCheckedIn);
  await trx
    .updateTable('attendances')
    .set({
      check_out_time: new Date(),
      latitude_checked_out: body?.latitude_checked_out ?? null,
      longitude_checked_out: body?.longitude_checked_out ?? null,
      ip_address_checked_out: request.ip,
    })
    .where('id', '=', open.id)
    .execute();
  await auditTenantRecord(trx, { request, identity, resource: 'attendances', action: 'update', tenantId: open.tenant_id, recordId: String(open.id) });
  return (await findRecord(trx, attendances, caller.access, open.id)) as Values;
}
