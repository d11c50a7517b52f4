import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { scopeFor } from '../../domain/permissions';
import { isInternalRole, type Role } from '../../domain/roles';
import { PREVIEW_ROLE_HEADER, PREVIEW_ROLES, PREVIEW_TENANT_HEADER, PREVIEW_WRITES_REFUSED } from '../../domain/screenPreview';
import type { DB } from '../db/schema';
import { forbidden, invalid } from '../errors';
import type { Identity } from './identity';

const READS = new Set(['GET', 'HEAD']);

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Screen Studio's preview (issue 21): a caller who may edit screens (screens.edit) reads the
 * console's data as another role would, for a provider of their choosing, to see a draft on live
 * data as that role sees it. Only reads: any other method is 403 `Nothing is written in a preview`,
 * so that no action of a previewed screen changes anything. The identity keeps the caller's id,
 * name and session, and names their own role (`real_role`), which the audit rows record; every
 * read of patient data is audited as usual. Without the header, the identity as it is.
 */
export async function previewIdentity(db: Kysely<DB>, request: FastifyRequest, identity: Identity): Promise<Identity> {
  const role = headerOf(request, PREVIEW_ROLE_HEADER);
  if (role === undefined) return identity;
  if (!scopeFor(identity, 'screens.edit')) throw forbidden();
  if (!READS.has(request.method)) throw forbidden(PREVIEW_WRITES_REFUSED);
  if (!(PREVIEW_ROLES as readonly string[]).includes(role)) {
    throw invalid(['header', PREVIEW_ROLE_HEADER], `Input should be one of: ${PREVIEW_ROLES.join(', ')}`, 'enum');
  }
  const previewed = role as Role;
  const tenantText = headerOf(request, PREVIEW_TENANT_HEADER);
  if (isInternalRole(previewed)) {
    if (tenantText !== undefined) throw invalid(['header', PREVIEW_TENANT_HEADER], 'An internal role belongs to no provider');
    return { ...identity, role: previewed, is_internal: true, tenant_id: null, tenant_ids: null, grants: [], real_role: identity.role };
  }
  const tenantId = tenantText !== undefined && /^[1-9]\d{0,9}$/.test(tenantText) ? Number(tenantText) : NaN;
  const tenant =
    Number.isSafeInteger(tenantId) && tenantId <= 2147483647
      ? await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst()
      : undefined;
  if (!tenant) throw invalid(['header', PREVIEW_TENANT_HEADER], 'A provider role is previewed for an existing provider: give its id');
  return { ...identity, role: previewed, is_internal: false, tenant_id: tenant.id, tenant_ids: null, grants: [], real_role: identity.role };
}
