import { useId, type ReactNode } from 'react';

/**
 * A tooltip on hover and keyboard focus: the trigger is focusable and described by the tip, so a
 * screen reader reads it too (WAI-ARIA tooltip pattern).
 */
export function Tooltip({ tip, children }: { tip: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      <span
        tabIndex={0}
        aria-describedby={id}
        className="cursor-help underline decoration-dotted underline-offset-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        {children}
      </span>
      <span
        role="tooltip"
        id={id}
        className="invisible absolute left-0 top-full z-20 mt-1 w-max max-w-xs rounded bg-slate-800 px-2 py-1 text-xs text-white opacity-0 shadow group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {tip}
      </span>
    </span>
  );
}
