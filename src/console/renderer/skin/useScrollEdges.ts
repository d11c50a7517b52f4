import { useEffect, useState } from 'react';

/** Where a horizontally scrolling box stands: whether it scrolls at all, and whether more lies before or after what is shown. */
export interface ScrollEdges {
  overflowing: boolean;
  atStart: boolean;
  atEnd: boolean;
}

const STILL: ScrollEdges = { overflowing: false, atStart: true, atEnd: true };
/** A pixel of rounding is not content to scroll to. */
const SLACK = 1;

const same = (a: ScrollEdges, b: ScrollEdges) => a.overflowing === b.overflowing && a.atStart === b.atStart && a.atEnd === b.atEnd;

/**
 * Follows a box's horizontal scroll: measured again when it scrolls and when it or its content
 * changes size (rows loaded, a window turned). Returns the ref to put on the box.
 */
export function useScrollEdges<T extends HTMLElement>(): [(node: T | null) => void, ScrollEdges] {
  const [node, setNode] = useState<T | null>(null);
  const [edges, setEdges] = useState(STILL);
  useEffect(() => {
    if (!node) return;
    const measure = () => {
      const room = node.scrollWidth - node.clientWidth;
      const next = { overflowing: room > SLACK, atStart: node.scrollLeft <= SLACK, atEnd: node.scrollLeft >= room - SLACK };
      setEdges((previous) => (same(previous, next) ? previous : next));
    };
    measure();
    node.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    Array.from(node.children).forEach((child) => observer.observe(child));
    return () => {
      node.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [node]);
  return [setNode, edges];
}
