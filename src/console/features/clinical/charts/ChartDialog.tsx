import { useId, useState } from 'react';
import { MEASURE_INFO, type ChartMeasure } from '../../../../domain/clinical/measures';
import { zonedDay } from '../../../../domain/zonedDays';
import { timeZoneOf } from '../../../renderer/core/context';
import { useScreenEnvironment } from '../../../renderer/environmentContext';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import type { ChartReading } from './chartAnswer';
import { CHART_RANGES, DEFAULT_RANGE, RANGE_LABELS, TIMESCALE_LABELS, TIMESCALES, type ChartRange, type Timescale } from './chartQuery';
import { AnnotationForm } from './AnnotationForm';
import { ChartView } from './ChartView';
import { ReadingsTable } from './ReadingsTable';

type View = 'chart' | 'table';
const VIEWS: readonly { value: View; label: string }[] = [
  { value: 'chart', label: 'Chart' },
  { value: 'table', label: 'Table' },
];

interface ChartDialogProps {
  patientId: string | number;
  measure: ChartMeasure;
  /** The patient's `care_plan.monitoring_limits`, drawn as bands. */
  monitoringLimits: unknown;
  onClose: () => void;
}

/**
 * The chart dialog of a measurement card (spec 001 sections 2, 4 and 9): the measure's readings over
 * a range (the past 3, 6 or 12 months, or all) at a timescale, as a chart with its baseline, limits
 * and recent readings, or as a table of every reading that pages by 50, where a reading is annotated
 * (a flag or a note) or its annotation removed. Loaded on demand (`React.lazy`), so that chart.js
 * comes only with the first chart opened.
 */
export default function ChartDialog({ patientId, measure, monitoringLimits, onClose }: ChartDialogProps) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const today = zonedDay(new Date(), timeZone);
  const [range, setRange] = useState<ChartRange>(DEFAULT_RANGE);
  const [timescale, setTimescale] = useState<Timescale>('all');
  const [view, setView] = useState<View>('chart');
  const [annotating, setAnnotating] = useState<ChartReading | null>(null);
  const rangeId = useId();
  const timescaleId = useId();
  const label = MEASURE_INFO[measure].label;

  return (
    <Modal open title={label} onClose={annotating ? undefined : onClose} width="xl">
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={rangeId} className="block text-xs font-medium text-slate-700">
              Range
            </label>
            <select id={rangeId} className={`${INPUT_CLASSES} mt-1 w-auto`} value={range} onChange={(event) => setRange(event.target.value as ChartRange)}>
              {CHART_RANGES.map((value) => (
                <option key={value} value={value}>
                  {RANGE_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          {view === 'chart' && (
            <div>
              <label htmlFor={timescaleId} className="block text-xs font-medium text-slate-700">
                Timescale
              </label>
              <select
                id={timescaleId}
                className={`${INPUT_CLASSES} mt-1 w-auto`}
                value={timescale}
                onChange={(event) => setTimescale(event.target.value as Timescale)}
              >
                {TIMESCALES.map((value) => (
                  <option key={value} value={value}>
                    {TIMESCALE_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div role="group" aria-label="View" className="ml-auto inline-flex rounded-md shadow-sm ring-1 ring-inset ring-slate-300">
            {VIEWS.map(({ value, label: viewLabel }) => (
              <button
                key={value}
                type="button"
                aria-pressed={view === value}
                onClick={() => setView(value)}
                className="px-3 py-1.5 text-sm font-medium text-slate-700 first:rounded-l-md last:rounded-r-md hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 aria-pressed:bg-blue-700 aria-pressed:text-white"
              >
                {viewLabel}
              </button>
            ))}
          </div>
        </div>
        {view === 'chart' ? (
          <ChartView patientId={patientId} measure={measure} range={range} timescale={timescale} today={today} monitoringLimits={monitoringLimits} />
        ) : (
          <ReadingsTable patientId={patientId} measure={measure} range={range} today={today} onAnnotate={setAnnotating} />
        )}
        <div className="flex justify-end border-t border-slate-200 pt-3">
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
      {annotating && <AnnotationForm patientId={patientId} measure={measure} reading={annotating} onClose={() => setAnnotating(null)} />}
    </Modal>
  );
}
