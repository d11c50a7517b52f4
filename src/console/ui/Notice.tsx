import type { ReactNode } from 'react';

const TONES = {
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  success: 'border-green-300 bg-green-50 text-green-950',
  info: 'border-blue-200 bg-blue-50 text-blue-950',
} as const;

/** A message box; warnings are alerts (read out at once), the others polite status updates. */
export function Notice({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return (
    <div role={tone === 'warning' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-sm ${TONES[tone]}`}>
      {children}
    </div>
  );
}
