import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { isInternalRole, type Role } from '../../domain/roles';
import { grantsOf, type PermissionKey } from '../../domain/permissions';
import { forbidden, unauthorized } from '../errors';
import { cachedIdentity, keepIdentity } from '../auth/sessionCache';
import { EXPIRED_SESSION } from '../auth/tokens';
import { previewIdentity } from './screenPreview';

/** Who is calling, as every handler and the resource engine see it. */
export interface Identity {
  id: number;
  email: string;
  full_name: string;
  role: Role;
  tenant_id: number | null;
  is_internal: boolean;
  /**
   * Tenants an internal user is limited to (patient_access_level tenant_scoped), or null when
   * the user's `all` scope really means every tenant.
   */
  tenant_ids: number[] | null;
  /** Keys granted to this account beyond its role (domain/permissions.ts grantsOf), with scope all; none when absent. */
  grants?: PermissionKey[] | undefined;
  session_id: string;
  /**
   * In a Screen Studio preview (./screenPreview.ts), the caller's own role: `role`, `tenant_id` and
   * `is_internal` are then the previewed ones, for reads only. Audit rows name this role.
   */
  real_role?: Role;
}

export const PATIENT_REFUSED = 'User account belongs to patient';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The one opt-in through which a patient's session is accepted (the mobile app's calls, such
     * as POST support-tickets). Every other route refuses a patient with 403, and a patient
     * holds no permission key, so the opt-in opens nothing else.
     */
    patientSession?: boolean;
  }
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid access token of a live session, or 401/403. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** Reads `Authorization: Bearer <access token>`, checks its session and loads the identity. */
export const identityPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('identity', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const claims = await app.tokens.verify(token, 'access');
    const kept = cachedIdentity(claims.sid, Number(claims.sub));
    if (kept) {
      if (kept.role === 'patient' && request.routeOptions.config.patientSession !== true) throw forbidden(PATIENT_REFUSED);
      request.identity = await previewIdentity(app.db, request, kept);
      return;
    }
    const row = await sessionIdentity(app.db, claims.sid, Number(claims.sub));
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) throw unauthorized(EXPIRED_SESSION);
    if (!row.is_active) throw unauthorized('Could not validate credentials');
    if (row.identity.role === 'patient' && request.routeOptions.config.patientSession !== true) throw forbidden(PATIENT_REFUSED);
    keepIdentity(row.identity, row.expires_at, app.config.sessionCacheMs);
    request.identity = await previewIdentity(app.db, request, row.identity);
  });
});

/**
 * The identity of a session and its user, with what decides whether it may act (revoked, expired,
 * active): the identity plugin reads it for every request not kept in the session cache, and the
 * voice webhook for the session a call's token was issued to (services/telephony/callFlow.ts).
 */
export async function sessionIdentity(db: Kysely<DB>, sessionId: string, userId: number) {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'u.id',
      'u.email',
      'u.full_name',
      'u.role',
      'u.tenant_id',
      'u.is_internal',
      'u.is_active',
      'u.patient_access_level',
      'u.may_publish_screens',
      's.id as session_id',
      's.revoked_at',
      's.expires_at',
    ])
    .where('s.id', '=', sessionId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const role = row.role as Role;
  const tenantScoped = isInternalRole(role) && row.patient_access_level === 'tenant_scoped';
  const tenant_ids = tenantScoped
    ? (await db.selectFrom('tenant_user_roles').select('tenant_id').where('user_id', '=', row.id).execute()).map((r) => r.tenant_id)
    : null;
  const identity: Identity = {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    role,
    tenant_id: row.tenant_id,
    is_internal: row.is_internal,
    tenant_ids,
    grants: grantsOf(role, row),
    session_id: row.session_id,
  };
  return { identity, is_active: row.is_active, revoked_at: row.revoked_at, expires_at: row.expires_at };
}

export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) throw unauthorized();
  return match[1];
}

/** The identity of an authenticated request (after `app.authenticate`). */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}
