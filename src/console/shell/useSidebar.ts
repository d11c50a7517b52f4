import { useCallback, useEffect, useState } from 'react';
import { readSidebarExpanded, sidebarCookie } from './sidebarCookie';
import { useIsMobile } from './useIsMobile';

export interface SidebarControl {
  isMobile: boolean;
  /** Desktop: the sidebar is shown beside the page. */
  expanded: boolean;
  /** Mobile: the sidebar drawer is open. */
  mobileOpen: boolean;
  toggle: () => void;
  closeMobile: () => void;
  collapse: () => void;
}

/**
 * The sidebar's state (spec 000 section 2.1): toggled by its control or Ctrl/Cmd+B, kept in a
 * cookie on desktop; a drawer, closed at first, on mobile.
 */
export function useSidebar(): SidebarControl {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(() => readSidebarExpanded(document.cookie));
  const [mobileOpen, setMobileOpen] = useState(false);

  const setKept = useCallback((next: boolean) => {
    document.cookie = sidebarCookie(next);
    setExpanded(next);
  }, []);
  const toggle = useCallback(() => {
    if (isMobile) setMobileOpen((open) => !open);
    else setKept(!expanded);
  }, [isMobile, expanded, setKept]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'b' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return {
    isMobile,
    expanded,
    mobileOpen,
    toggle,
    closeMobile: useCallback(() => setMobileOpen(false), []),
    collapse: useCallback(() => setKept(false), [setKept]),
  };
}
