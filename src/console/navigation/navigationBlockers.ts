import { createContext } from 'react';

/** What a page with unsaved work asks of the navigation guard (NavigationGuard.tsx). */
export interface NavigationBlockers {
  /** Holds every way of leaving (in-app links, back and forward, closing the tab) until the release returned is called. */
  block(): () => void;
  /** Runs a navigation the user chose on purpose (Cancel, Back, a save's redirect) past the blockers. */
  pass(run: () => void): void;
}

/** None outside the signed-in shell (the sign-in pages, tests of one screen): nothing is held there. */
export const NavigationBlockersContext = createContext<NavigationBlockers | null>(null);
