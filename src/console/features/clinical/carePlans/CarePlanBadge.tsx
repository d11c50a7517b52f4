import type { ReactNode } from 'react';
import { STATUS_LABELS, type CarePlanStatus } from './carePlanRecords';

const BADGE = 'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

const TONES = {
  active: 'bg-green-50 text-green-800 ring-green-600/30',
  draft: 'bg-blue-50 text-blue-800 ring-blue-600/30',
  deactivated: 'bg-slate-100 text-slate-700 ring-slate-400/40',
  inactive: 'bg-amber-50 text-amber-900 ring-amber-600/40',
} as const;

/** A badge whose words say what its colour does: a plan's status, or an excluded section ('Inactive'). */
export function CarePlanBadge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`${BADGE} ${TONES[tone]}`}>{children}</span>;
}

export function StatusBadge({ status }: { status: CarePlanStatus }) {
  return <CarePlanBadge tone={status}>{STATUS_LABELS[status]}</CarePlanBadge>;
}
