import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const REFRESH_COOKIE = 'refresh_token';
// Only the /api/auth calls (refresh, logout) ever send it; data calls carry the bearer token only.
const COOKIE_PATH = '/api/auth';

/**
 * Secure on https, and everywhere but a demo or development server: a production server behind a
 * TLS proxy whose PUBLIC_URL was left at http still never lets the cookie travel in clear. (A
 * browser keeps a Secure cookie from http://localhost, so a local production run still works.)
 */
const secureCookie = (config: Config) => config.publicUrl.startsWith('https:') || !(config.isDemo || config.environment === 'development');

const cookieOptions = (config: Config) => ({
  path: COOKIE_PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: secureCookie(config),
});

/** Sets the refresh cookie to live exactly as long as its session. */
export function setRefreshCookie(reply: FastifyReply, config: Config, token: string, expires: Date): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(config), expires });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(config));
}
