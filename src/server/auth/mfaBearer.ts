import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors';
import { bearerToken } from '../plugins/identity';
import { signInUserById, type SignInUser } from './signInUser';

/**
 * The user of a sign-in waiting for its second factor, from the `mfa` bearer token. An expired
 * one answers 401 `Signature has expired` and the console returns to the login form.
 */
export async function mfaUserOf(app: FastifyInstance, request: FastifyRequest): Promise<SignInUser> {
  const claims = await app.tokens.verify(bearerToken(request), 'mfa');
  const user = await signInUserById(app.db, Number(claims.sub));
  if (!user || !user.is_active || user.role === 'patient') throw unauthorized('Could not validate credentials');
  return user;
}
