/** The sign-in page that brings the user back to `location` afterwards (spec 000 section 2.2). */
export function loginPath(location: string): string {
  return location === '/' || location.startsWith('/login') ? '/login' : `/login?redirectTo=${encodeURIComponent(location)}`;
}
