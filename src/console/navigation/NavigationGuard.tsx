import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Router, useLocation, useSearch, type AroundNavHandler } from 'wouter';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { NavigationBlockersContext, type NavigationBlockers } from './navigationBlockers';
import { gatePopstate } from './popstateGate';

/**
 * The question, where the spec has none. It says what happens: the form keeps a draft in the tab's
 * session storage (spec 001 section 5), which it shows again when the user comes back.
 */
const LEAVE_TITLE = 'Leave this page?';
const LEAVE_TEXT = 'You have unsaved changes. They are kept as a draft in this browser tab and come back when you return to the form.';

/** A page of the console as the address bar shows it, without the fragment (a skip link is no page change). */
const pageOf = (where: Location) => `${where.pathname}${where.search}`;

/** Closing or reloading the tab: the browser asks in its own words (no page may word that prompt). */
function askBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Browsers older than the standard's preventDefault (Chrome below 119) ask only when a return value is set.
  event.returnValue = '';
}

/**
 * Wouter has no navigation blocker: this is one. While a page holds a block (`useNavigationBlocker`),
 * every wouter navigation (links of the sidebar and breadcrumbs, `navigate`, `Redirect`) waits for an
 * answer to the question, through the router's `aroundNav`; the browser's back and forward are caught
 * before the router hears of them (popstateGate.ts), the page's entry is pushed back, and leaving goes
 * back again;
 * closing or reloading the tab gets the browser's own prompt. "Stay" changes nothing.
 */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const holds = useRef(0);
  const passing = useRef(false);
  const passNextPop = useRef(false);
  // The entry the page was shown at, pushed back when the browser moves away from it while held.
  const shown = useRef({ page: pageOf(window.location), address: window.location.href, state: window.history.state as unknown });
  const [path] = useLocation();
  const search = useSearch();
  const here = useRef('');
  useEffect(() => {
    here.current = search ? `${path}?${search}` : path;
  }, [path, search]);
  const [leave, setLeave] = useState<(() => void) | null>(null);

  const held = () => holds.current > 0 && !passing.current;
  const pass = useCallback((run: () => void) => {
    passing.current = true;
    try {
      run();
    } finally {
      passing.current = false;
    }
  }, []);

  const blockers = useMemo<NavigationBlockers>(
    () => ({
      block() {
        if (holds.current++ === 0) window.addEventListener('beforeunload', askBeforeUnload);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          if (--holds.current === 0) window.removeEventListener('beforeunload', askBeforeUnload);
        };
      },
      pass,
    }),
    [pass],
  );

  const aroundNav = useCallback<AroundNavHandler>(
    (navigate, to, options) => {
      if (!held() || to === here.current) navigate(to, options);
      else setLeave(() => () => pass(() => navigate(to, options)));
    },
    [pass],
  );

  useEffect(() => {
    const remember = () => {
      shown.current = { page: pageOf(window.location), address: window.location.href, state: window.history.state as unknown };
    };
    const removeGate = gatePopstate(() => {
      if (passNextPop.current || !held() || pageOf(window.location) === shown.current.page) {
        passNextPop.current = false;
        remember();
        return false;
      }
      // The browser has moved already: the page's entry goes on top of the entry it moved to, before the
      // router hears of the move. That entry is then one step back, whether the move was Back, Forward or
      // a jump through the history menu: leaving goes back once.
      window.history.pushState(shown.current.state, '', shown.current.address);
      setLeave(() => () => {
        passNextPop.current = true;
        window.history.back();
      });
      return true;
    });
    // Wouter announces its pushState and replaceState calls with events of those names.
    window.addEventListener('pushState', remember);
    window.addEventListener('replaceState', remember);
    return () => {
      removeGate();
      window.removeEventListener('pushState', remember);
      window.removeEventListener('replaceState', remember);
    };
  }, []);

  const stay = () => setLeave(null);
  return (
    <NavigationBlockersContext.Provider value={blockers}>
      <Router aroundNav={aroundNav}>{children}</Router>
      <Modal open={leave !== null} title={LEAVE_TITLE} role="alertdialog" width="md" onClose={stay}>
        <p className="text-sm text-slate-700">{LEAVE_TEXT}</p>
        <div className="mt-6 flex justify-end gap-3">
          <Button size="md" onClick={stay}>
            Stay on this page
          </Button>
          <Button
            size="md"
            variant="primary"
            onClick={() => {
              setLeave(null);
              leave?.();
            }}
          >
            Leave this page
          </Button>
        </div>
      </Modal>
    </NavigationBlockersContext.Provider>
  );
}
