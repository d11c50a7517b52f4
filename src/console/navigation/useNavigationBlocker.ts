import { useCallback, useContext, useEffect } from 'react';
import { NavigationBlockersContext } from './navigationBlockers';

/**
 * Holds navigation away from the page while `active` (a form with unsaved changes): the guard asks
 * first. Returns the way to leave on purpose, without the question: `leave(() => navigate('/patients'))`.
 */
export function useNavigationBlocker(active: boolean): (run: () => void) => void {
  const blockers = useContext(NavigationBlockersContext);
  useEffect(() => (active && blockers ? blockers.block() : undefined), [active, blockers]);
  return useCallback((run: () => void) => (blockers ? blockers.pass(run) : run()), [blockers]);
}
