import type { BarTone } from './progressFormat';

const FILL: Readonly<Record<BarTone, string>> = {
  green: 'bg-green-600',
  yellow: 'bg-yellow-500',
  red: 'bg-red-600',
  gray: 'bg-slate-400',
};

/** A progress bar for the eye only (the words beside it say the same): `percent` filled in the tone. */
export function PaceBar({ percent, tone, className = 'h-2 w-20' }: { percent: number; tone: BarTone; className?: string }) {
  return (
    <span aria-hidden="true" className={`block shrink-0 overflow-hidden rounded-full bg-slate-200 ${className}`}>
      <span className={`block h-full rounded-full ${FILL[tone]}`} style={{ width: `${percent}%` }} />
    </span>
  );
}
