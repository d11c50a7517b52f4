import type { ReactNode } from 'react';

export const BANNER_TONES = {
  info: 'bg-blue-50 text-blue-900 ring-blue-200',
  warning: 'bg-yellow-50 text-yellow-900 ring-yellow-300',
  danger: 'bg-red-50 text-red-900 ring-red-300',
} as const;

/** A notice across a screen (a decommissioned device). */
export function Banner({ tone = 'info', children }: { tone?: keyof typeof BANNER_TONES | undefined; children: ReactNode }) {
  return (
    <div role="note" className={`rounded-md p-3 text-sm ring-1 ${BANNER_TONES[tone]}`}>
      {children}
    </div>
  );
}
