import type { ReactNode } from 'react';
import { useScrollEdges, type ScrollEdges } from './useScrollEdges';

/** A shadow at an edge with more to scroll to. */
const CUE = 'pointer-events-none absolute inset-y-0 w-6 from-slate-900/15 to-transparent';

interface ScrollRegionProps {
  /**
   * Names the box once it scrolls ("Patients table"): it becomes a labelled region in the tab
   * order, so a keyboard user can scroll it with the arrow keys. Without one it stays a plain box
   * (a tab list, whose tabs take the focus themselves).
   */
  label?: string | undefined;
  /** The frame around the box: its ring and corners. */
  className?: string | undefined;
  /** The content draws the cue at the start itself (a pinned column's shadow). */
  pinnedStart?: boolean | undefined;
  children: (edges: ScrollEdges) => ReactNode;
}

/**
 * Content wider than its place, scrolled sideways inside it rather than widening the page, with a
 * shadow at each edge that has more beyond it. It is positioned, so nothing inside (an `sr-only`
 * text) escapes its clip and widens the page.
 */
export function ScrollRegion({ label, className = '', pinnedStart = false, children }: ScrollRegionProps) {
  const [ref, edges] = useScrollEdges<HTMLDivElement>();
  const focusable = edges.overflowing && label !== undefined;
  return (
    <div className={`relative min-w-0 ${className}`}>
      <div ref={ref} className="relative overflow-x-auto rounded-[inherit]" {...(focusable ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}>
        {children(edges)}
      </div>
      {edges.overflowing && !edges.atStart && !pinnedStart && <div aria-hidden="true" className={`${CUE} left-0 rounded-l-[inherit] bg-linear-to-r`} />}
      {edges.overflowing && !edges.atEnd && <div aria-hidden="true" className={`${CUE} right-0 rounded-r-[inherit] bg-linear-to-l`} />}
    </div>
  );
}
