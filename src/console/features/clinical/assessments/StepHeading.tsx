import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A step's heading, which takes the focus when the step shows: the button that led to it is gone,
 * and a keyboard or screen reader user goes on from the new step's start.
 */
export function StepHeading({ children, className = 'text-sm font-medium text-slate-900' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h3 ref={ref} tabIndex={-1} className={`focus:outline-none ${className}`}>
      {children}
    </h3>
  );
}
