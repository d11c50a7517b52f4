import type { FastifyRequest } from 'fastify';
import { scopeOf, type Scope } from '../../domain/permissions';
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
  const identity = identityOf(request);
  const key = resource.keys[action];
  const scope = key ? scopeOf(identity.role, key) : undefined;
  if (!scope) throw forbidden();
  return { identity, scope, access: accessOf(identity, scope) };
}
