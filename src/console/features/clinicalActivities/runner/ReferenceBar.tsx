import { useId } from 'react';
import { isOutOfRange, referenceBar, type TimeRange } from '../../../../domain/clinicalActivities';
import { clock, durationWords } from './runnerModel';

/**
 * A step's expected time on its reference bar (spec 002 section 9): the bar runs from max(0, min − 30 s)
 * to max + 30 s, the expected range is the green part, the margins either side are still within
 * tolerance, and a mark shows the time taken (at the bar's end when beyond it, red when out of range).
 * The picture is for the eye; the sentence under it says the same for a screen reader.
 */
export function ReferenceBar({ range, taken }: { range: TimeRange; taken?: number | undefined }) {
  const id = useId();
  const { from, to } = referenceBar(range);
  const span = Math.max(1, to - from);
  const percent = (seconds: number) => Math.min(100, Math.max(0, ((seconds - from) / span) * 100));
  const at = (seconds: number) => `${String(percent(seconds))}%`;
  const outside = taken !== undefined && isOutOfRange(taken, range);
  return (
    <figure aria-labelledby={id} className="space-y-1">
      <div className="relative h-3 rounded-full bg-amber-100" aria-hidden="true">
        <div
          className="absolute inset-y-0 rounded-full bg-green-500/70"
          style={{ left: at(range.min), width: `${String(percent(range.max) - percent(range.min))}%` }}
        />
        {taken !== undefined && (
          <div
            data-testid="time-taken-mark"
            className={`absolute -top-1 h-5 w-1.5 -translate-x-1/2 rounded-sm ring-2 ring-white ${outside ? 'bg-red-600' : 'bg-slate-900'}`}
            style={{ left: at(taken) }}
          />
        )}
      </div>
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{clock(from)}</span>
        <span>{clock(to)}</span>
      </div>
      <figcaption id={id} className="text-sm text-slate-700">
        Expected time {durationWords(range.min)} to {durationWords(range.max)}
        {taken !== undefined && (
          <>
            {'; time taken '}
            <span className={outside ? 'font-medium text-red-700' : 'font-medium'}>{durationWords(taken)}</span>
            {outside ? ', outside the expected range' : ''}
          </>
        )}
      </figcaption>
    </figure>
  );
}
