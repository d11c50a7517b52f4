import { lazy, Suspense, useMemo, useState } from 'react';
import type { ChartMeasure } from '../../../../domain/clinical/measures';
import { getPath, timeZoneOf } from '../../../renderer/core/context';
import { formatDateTime, formatRelative } from '../../../renderer/core/format';
import { useScreenEnvironment } from '../../../renderer/environmentContext';
import type { OptionsOf } from '../../../renderer/registries/registryEntry';
import { useEvalContext } from '../../../renderer/scopeContext';
import { EmptyState } from '../../../renderer/skin/StatusViews';
import { measurementCards, NO_DATA, TREND_ARROWS, TREND_WORDS, type MeasurementCard } from './measurementCards';
import type { measurementCardsOptions } from './MeasurementCardsWidget.options';

// chart.js and react-chartjs-2 come with the dialog, on the first card opened (tests/build/routeBudgets.test.ts).
const ChartDialog = lazy(() => import('./ChartDialog'));

const TREND_CLASSES = { up: 'text-slate-700', down: 'text-slate-700', flat: 'text-slate-500' } as const;

function CardButton({ card, onOpen }: { card: MeasurementCard; onOpen: () => void }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const out = card.outOfRange;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={onOpen}
      className={`flex h-full w-full flex-col gap-1 rounded-lg bg-white p-3 text-left ring-1 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${out ? 'ring-red-300' : 'ring-slate-200'}`}
    >
      <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <span className="text-sm font-medium text-slate-700">{card.label}</span>
        {out && (
          <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-800 ring-1 ring-inset ring-red-600/40">Out of range ({out.words})</span>
        )}
      </span>
      <span className={`text-2xl font-semibold tabular-nums ${out ? 'text-red-700' : 'text-slate-900'}`}>
        {card.value ?? '—'}
        {out && <span aria-hidden="true">{out.range === 'high' ? ' ↑' : ' ↓'}</span>} <span className="text-sm font-normal text-slate-500">{card.unit}</span>
      </span>
      {card.at && (
        <time dateTime={card.at} title={formatDateTime(card.at, timeZone)} className="text-xs text-slate-500">
          {formatRelative(card.at, new Date(), timeZone)}
        </time>
      )}
      {card.trend && (
        <span className={`text-xs ${TREND_CLASSES[card.trend]}`}>
          <span aria-hidden="true">{TREND_ARROWS[card.trend]} </span>
          {TREND_WORDS[card.trend]}
          {card.baseline !== null && (
            <span className="text-slate-500">
              {' '}
              (baseline {card.baseline} {card.unit})
            </span>
          )}
        </span>
      )}
    </button>
  );
}

/**
 * The physiological measurement cards of the clinical view (spec 001 section 2): one card per
 * measure the patient has, with its latest reading, when it came, and the trend against baseline;
 * a reading out of the patient's limits is marked in words as well as red. A card opens the chart
 * dialog of its measure. `options.measures` picks and orders the measures shown.
 */
export function MeasurementCardsWidget({ options }: { options: OptionsOf<typeof measurementCardsOptions> }) {
  const { record } = useEvalContext();
  const cards = useMemo(() => measurementCards(record, options.measures), [record, options.measures]);
  const [open, setOpen] = useState<ChartMeasure | null>(null);
  const patientId = record?.id;
  if (cards.length === 0) return <EmptyState>{NO_DATA}</EmptyState>;
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Measurements">
        {cards.map((card) => (
          <li key={card.measure}>
            <CardButton card={card} onOpen={() => setOpen(card.measure)} />
          </li>
        ))}
      </ul>
      {open && record && (typeof patientId === 'number' || typeof patientId === 'string') && (
        <Suspense
          fallback={
            <p role="status" className="mt-2 text-sm text-slate-500">
              Loading chart…
            </p>
          }
        >
          <ChartDialog patientId={patientId} measure={open} monitoringLimits={getPath(record, 'care_plan.monitoring_limits')} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
