import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { tenantUserRoleSchema, userLocationSchema } from '../../../../schemas/payloads/users';
import { revokeUserSessions } from '../../auth/sessions';
import type { DB } from '../../db/schema';
import { HttpError, invalid, notFound } from '../../errors';
import { auditTenantRecord } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { defineResource, type Values } from '../../resources/defineResource';
import { users } from '../../resources/definitions/users';
import { findRecord } from '../../resources/recordQuery';
import { TENANT_REFERENCE, visibleReference } from '../../resources/references';

/** The spec's texts (002 section 8) and ours. */
export const ACCESS_TEXTS = {
  locationAdded: 'Location added successfully',
  locationRemoved: 'Location removed successfully',
  locationAlreadyAdded: 'Location already added',
  locationInactive: 'The location is not active.',
  roleAdded: 'Role added for user',
  roleRemoved: 'Role removed for user',
  roleAlreadyAdded: 'The user already has access to this provider.',
  notInternal: 'Only internal users have provider access.',
  locationOfAnotherProvider: "The location belongs to another provider than the user's.",
} as const;

/**
 * An internal user's locations, listed by the engine (paging, sort, Content-Range) under
 * users/{id}/locations only: not in the engine's RESOURCES. The location's name and provider are
 * read with each row.
 */
export const userLocations = defineResource({
  name: 'user-locations',
  table: 'user_locations',
  schema: userLocationSchema,
  permission: 'internal_users',
  actions: ['list'],
  keys: { list: 'internal_users.update' },
  tenantField: 'user.tenant_id',
  joins: { user: { table: 'users', on: 'user_id' } },
  filterable: ['id', 'location_id', 'created_on'],
  sortable: ['id', 'location_id', 'created_on'],
  search: ['id'],
  defaultSort: { field: 'created_on', order: 'asc' },
  computed: {
    name: sql`(select l.name from locations l where l.id = t.location_id)`,
    tenant_id: sql`(select l.tenant_id from locations l where l.id = t.location_id)`,
  },
});

/** An internal user's provider access (tenant_user_roles), listed under users/{id}/tenant-user-roles only. */
export const tenantUserRoles = defineResource({
  name: 'tenant-user-roles',
  table: 'tenant_user_roles',
  schema: tenantUserRoleSchema,
  permission: 'internal_users',
  actions: ['list'],
  keys: { list: 'internal_users.update' },
  tenantField: 'user.tenant_id',
  joins: { user: { table: 'users', on: 'user_id' } },
  filterable: ['id', 'tenant_id', 'start_date'],
  sortable: ['id', 'tenant_id', 'start_date'],
  search: ['id', 'tenant_id'],
  defaultSort: { field: 'start_date', order: 'asc' },
  computed: { tenant_name: sql`(select tn.name from tenants tn where tn.id = t.tenant_id)` },
});

/**
 * The user a Locations call edits: a staff user the caller reaches with internal_users.update
 * (else 404, as for none). The Locations tab is shown to internal users (spec 002 "internal
 * only" read as the viewer, as the device page's internal-only cards are), for any user they edit.
 */
export async function editedUser(db: Kysely<DB>, caller: Caller, id: number): Promise<Values & { id: number }> {
  const record = await findRecord(db, users, caller.access, id);
  if (!record) throw notFound();
  return record as Values & { id: number };
}

/** The internal user a provider-access call edits (the Roles tab of an internal user): else 422. */
export async function internalUser(db: Kysely<DB>, caller: Caller, id: number): Promise<Values & { id: number }> {
  const record = await editedUser(db, caller, id);
  if (record.is_internal !== true) throw new HttpError(422, ACCESS_TEXTS.notInternal);
  return record;
}

/** The answer of one row, as the list shows it. */
const locationRow = (trx: Transaction<DB>, id: number) =>
  trx
    .selectFrom('user_locations as t')
    .innerJoin('locations as l', 'l.id', 't.location_id')
    .select(['t.id', 't.user_id', 't.location_id', 'l.name', 'l.tenant_id', 't.created_on'])
    .where('t.id', '=', id)
    .executeTakeFirstOrThrow();

/**
 * POST users/{id}/locations {location_id}: a location the caller sees and that is active, and for a
 * provider's user one of that provider's; twice is 409.
 */
export async function addUserLocation(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, userId: number, locationId: number) {
  const user = await editedUser(trx, caller, userId);
  const location = await visibleReference(
    trx,
    caller.access,
    { table: 'locations', tenantColumn: 'tenant_id' },
    locationId,
    ['body', 'location_id'],
    ['is_active'],
  );
  if (location.is_active !== true) throw invalid(['body', 'location_id'], ACCESS_TEXTS.locationInactive);
  if (user.tenant_id != null && location.tenant !== user.tenant_id) throw invalid(['body', 'location_id'], ACCESS_TEXTS.locationOfAnotherProvider);
  const added = await trx
    .insertInto('user_locations')
    .values({ user_id: userId, location_id: locationId })
    .onConflict((oc) => oc.columns(['user_id', 'location_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!added) return undefined;
  await auditTenantRecord(trx, {
    request,
    identity: caller.identity,
    resource: 'user-locations',
    action: 'create',
    tenantId: location.tenant,
    recordId: String(added.id),
  });
  return locationRow(trx, added.id);
}

/** DELETE users/{id}/locations?location_id=N: 404 when the user does not have it. */
export async function removeUserLocation(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, userId: number, locationId: number) {
  await editedUser(trx, caller, userId);
  const removed = await trx
    .deleteFrom('user_locations')
    .where('user_id', '=', userId)
    .where('location_id', '=', locationId)
    .returning(['id', (eb) => eb.selectFrom('locations').select('tenant_id').where('locations.id', '=', locationId).as('tenant_id')])
    .executeTakeFirst();
  if (!removed) throw notFound();
  await auditTenantRecord(trx, {
    request,
    identity: caller.identity,
    resource: 'user-locations',
    action: 'delete',
    tenantId: removed.tenant_id,
    recordId: String(removed.id),
  });
}

const tenantUserRoleRow = (trx: Transaction<DB>, id: number) =>
  trx
    .selectFrom('tenant_user_roles as t')
    .innerJoin('tenants as tn', 'tn.id', 't.tenant_id')
    .select(['t.id', 't.user_id', 't.tenant_id', 'tn.name as tenant_name', 't.start_date'])
    .where('t.id', '=', id)
    .executeTakeFirstOrThrow();

/**
 * POST users/{id}/tenant-user-roles {tenant_id, start_date?}: the user gets access to the provider
 * (for a tenant_scoped user, its data); twice is 409. The user's sessions end: access changed.
 */
export async function addTenantUserRole(
  trx: Transaction<DB>,
  request: FastifyRequest,
  caller: Caller,
  userId: number,
  body: { tenant_id: number; start_date?: string | null },
) {
  await internalUser(trx, caller, userId);
  await visibleReference(trx, caller.access, TENANT_REFERENCE, body.tenant_id, ['body', 'tenant_id']);
  const added = await trx
    .insertInto('tenant_user_roles')
    .values({ user_id: userId, tenant_id: body.tenant_id, ...(body.start_date ? { start_date: body.start_date } : {}) })
    .onConflict((oc) => oc.columns(['user_id', 'tenant_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!added) return undefined;
  await revokeUserSessions(trx, userId, 'role_changed');
  await auditTenantRecord(trx, {
    request,
    identity: caller.identity,
    resource: 'tenant-user-roles',
    action: 'create',
    tenantId: body.tenant_id,
    recordId: String(added.id),
  });
  return tenantUserRoleRow(trx, added.id);
}

/** DELETE users/{id}/tenant-user-roles?tenant_id=N: 404 when the user has no such access. */
export async function removeTenantUserRole(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, userId: number, tenantId: number) {
  await internalUser(trx, caller, userId);
  const removed = await trx.deleteFrom('tenant_user_roles').where('user_id', '=', userId).where('tenant_id', '=', tenantId).returning('id').executeTakeFirst();
  if (!removed) throw notFound();
  await revokeUserSessions(trx, userId, 'role_changed');
  await auditTenantRecord(trx, { request, identity: caller.identity, resource: 'tenant-user-roles', action: 'delete', tenantId, recordId: String(removed.id) });
}
