/** Spec 000 section 9: the sidebar state is kept 7 days. */
const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** Whether the sidebar is expanded according to a `document.cookie` string; expanded when unset. */
export function readSidebarExpanded(cookies: string): boolean {
  const entry = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry?.slice(SIDEBAR_COOKIE.length + 1) !== 'false';
}

/** The `document.cookie` assignment that keeps the state. */
export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
