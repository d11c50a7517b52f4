import { forgetListStates } from './kinds/list/listAtoms';

/**
 * The last address of each list screen this tab has shown (`/patients` → `?q=lee&page=2`), so that a
 * breadcrumb back to a list returns to the list as the user left it. The address stays the only
 * source of what a list shows: this only writes the link. Memory of the tab alone; a new tab or a
 * sign-out starts plain.
 */
const lastAddresses = new Map<string, string>();

export function rememberListAddress(path: string, search: string): void {
  lastAddresses.set(path, search);
}

/** `path` with the query its list last had (`/patients?q=lee`), or `path` as it is. */
export function withRememberedListAddress(path: string): string {
  if (path.includes('?')) return path;
  return `${path}${lastAddresses.get(path) ?? ''}`;
}

/** Forgets every list's address and state: a signed-out user's lists are not the next user's. */
export function forgetLists(): void {
  lastAddresses.clear();
  forgetListStates();
}
