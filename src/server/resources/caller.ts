import type { FastifyRequest } from 'fastify';
import { scopeFor, type PermissionKey, type Scope } from '../../domain/permissions';
import { forbidden } from '../errors';
import { identityOf, type Identity } from '../plugins/identity';
import { accessOf, type Access } from './access';
import type { Action, Resource } from './defineResource';

/** Who asks, with the scope and the rows that the action's permission gives them. */
export interface Caller {
  identity: Identity;
  scope: Scope;
  access: Access;
}

/** The caller of one action on a resource, or 403 `Not enough permissions` when the role holds no scope for it. */
export function callerFor(request: FastifyRequest, resource: Resource, action: Action): Caller {
  const key = resource.keys[action];
  if (!key) throw forbidden();
  return callerWithPermission(request, key);
}

/**
 * The caller of a permission that is no CRUD action of a resource, or 403 `Not enough permissions`
 * when the role holds no scope for it, or not scope `all` when `reach: 'all'` asks for every tenant.
 *
 * `callerWithPermission(request, 'patients.export_onboarding')`,
 * `callerWithPermission(request, 'locations.set_owner', { reach: 'all' })`
 */
export function callerWithPermission(request: FastifyRequest, key: PermissionKey, { reach }: { reach?: 'all' } = {}): Caller {
  const identity = identityOf(request);
  const scope = scopeFor(identity, key);
  if (!scope || (reach && scope !== reach)) throw forbidden();
  return { identity, scope, access: accessOf(identity, scope) };
}
