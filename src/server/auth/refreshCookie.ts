import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const REFRESH_COOKIE = 'refresh_token';
// Only the /api/auth calls (refresh, logout) ever send it; data calls carry the bearer token only.
const COOKIE_PATH = '/api/auth';

const cookieOptions = (config: Config) => ({
  path: COOKIE_PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: config.publicUrl.startsWith('https:'),
});

/** Sets the refresh cookie to live exactly as long as its session. */
export function setRefreshCookie(reply: FastifyReply, config: Config, token: string, expires: Date): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(config), expires });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}
