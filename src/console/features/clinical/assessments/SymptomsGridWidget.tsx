import { useState } from 'react';
import type { SymptomBand } from '../../../../domain/clinical/symptoms';
import { useScreenScope } from '../../../renderer/scopeContext';
import { ScrollRegion } from '../../../renderer/skin/ScrollRegion';
import { ErrorMessage, Loading } from '../../../renderer/skin/StatusViews';
import { BAND_LEGEND, cellWords, DEFAULT_TIMEFRAME, symptomGrid, TIMEFRAME_LABELS, TIMEFRAMES, type Timeframe } from './symptomsGrid';
import { useSymptomsSummary } from './useAssessmentData';

export const NONE_REPORTED = 'None reported';

/** Each band's colours; the number and the legend say the same in text. */
const BAND_CLASSES: Readonly<Record<SymptomBand, string>> = {
  none: 'bg-slate-50 text-slate-400',
  mild: 'bg-yellow-100 text-yellow-900',
  moderate: 'bg-orange-300 text-orange-950',
  severe: 'bg-red-600 text-white',
};

const PERIOD_WORDS: Readonly<Record<Timeframe, string>> = { week: 'past week', month: 'past month' };

/**
 * The record's symptoms grid (spec 001 section 2): a Month / Week toggle (Week first), then a table
 * of the symptoms reported, a row each, and the days, a column each (short dates; the full date for
 * a screen reader), each cell the day's highest severity coloured by its band (spec 001 section 9)
 * with the number in it and the band in words for a screen reader. The symptom's column stays in
 * view while a narrow screen scrolls the days. Nothing reported: 'None reported'.
 */
export function SymptomsGridWidget() {
  const { record } = useScreenScope();
  const [timeframe, setTimeframe] = useState<Timeframe>(DEFAULT_TIMEFRAME);
  const summary = useSymptomsSummary(record?.id as string | number | undefined, timeframe);
  const grid = symptomGrid(summary.data);
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Timeframe" className="inline-flex rounded-md ring-1 ring-slate-300">
        {TIMEFRAMES.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={timeframe === choice}
            onClick={() => setTimeframe(choice)}
            className="px-3 py-1 text-sm text-slate-700 first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-blue-600 aria-pressed:bg-blue-700 aria-pressed:text-white"
          >
            {TIMEFRAME_LABELS[choice]}
          </button>
        ))}
      </div>
      {summary.isPending ? (
        <Loading />
      ) : summary.isError ? (
        <ErrorMessage error={summary.error} onRetry={() => void summary.refetch()} />
      ) : grid.rows.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">{NONE_REPORTED}</p>
      ) : (
        <>
          <ScrollRegion label="Symptoms table" className="rounded-md ring-1 ring-slate-200">
            {() => (
              <table className="min-w-full border-separate border-spacing-0.5 text-xs">
                <caption className="sr-only">Symptom severity by day, {PERIOD_WORDS[timeframe]}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="sticky left-0 z-10 bg-white px-2 py-1 text-left font-medium text-slate-700">
                      Symptom
                    </th>
                    {grid.days.map((day) => (
                      <th key={day.date} scope="col" className="min-w-10 whitespace-nowrap px-1 py-1 text-center font-medium text-slate-600">
                        <span aria-hidden="true">{day.short}</span>
                        <span className="sr-only">{day.long}</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {grid.rows.map((row) => (
                    <tr key={row.name}>
                      <th scope="row" className="sticky left-0 z-10 whitespace-nowrap bg-white px-2 py-1 text-left font-medium text-slate-900">
                        {row.label}
                      </th>
                      {row.cells.map((cell) => (
                        <td key={cell.date} className={`h-8 rounded text-center tabular-nums ${BAND_CLASSES[cell.band]}`}>
                          <span aria-hidden="true">{cell.band === 'none' ? '' : cell.severity}</span>
                          <span className="sr-only">{cellWords(cell)}</span>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </ScrollRegion>
          <ul aria-label="Severity legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
            {BAND_LEGEND.map(({ band, label }) => (
              <li key={band} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`inline-block size-3 rounded-sm ring-1 ring-slate-300 ${BAND_CLASSES[band]}`} />
                {label}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
