import type { SignOutReason } from '../api/session';

/**
 * The sign-in page that brings the user back to `location` afterwards (spec 000 section 2.2), unless the
 * user signed out on purpose: the next person to sign in starts at their own Home, not at the page the
 * previous user left.
 */
export function loginPath(location: string, ended?: SignOutReason): string {
  if (ended === 'logout') return '/login';
  return location === '/' || location.startsWith('/login') ? '/login' : `/login?redirectTo=${encodeURIComponent(location)}`;
}
