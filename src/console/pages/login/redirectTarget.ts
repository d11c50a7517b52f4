/**
 * Where to go after sign-in: the redirectTo parameter when it is a path of this console, else
 * Home. Anything else (another origin, `//host`, `/\host`, the login page itself) is ignored, so
 * that a crafted link cannot send a fresh session elsewhere.
 */
export function redirectTarget(redirectTo: string | null): string {
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.startsWith('/\\')) return '/';
  if (/^\/login(?:[/?#]|$)/.test(redirectTo)) return '/';
  return redirectTo;
}
