import { OUT_OF_RANGE_MARGIN_SECONDS, referenceBar } from '../../../domain/clinicalActivities';
import { formatDurationMmss } from '../../renderer/core/format';

/**
 * The reference bar of a step's expected time range (spec 002 section 9): from max(0, min − 30 s) to
 * max + 30 s (the domain's referenceBar), the expected range marked on it. A time taken outside the
 * bar asks the clinician for a reason, which the caption says.
 */
export function ReferenceBar({ min, max }: { min: number | null; max: number | null }) {
  if (min === null || max === null || min < 0 || max < min) return null;
  const { from, to } = referenceBar({ min, max });
  const span = Math.max(1, to - from);
  const left = ((min - from) / span) * 100;
  const width = ((max - min) / span) * 100;
  return (
    <figure className="space-y-1" aria-label="Reference bar">
      <div className="relative h-3 rounded-full bg-amber-100 ring-1 ring-inset ring-amber-300" aria-hidden="true">
        <div className="absolute inset-y-0 rounded-full bg-blue-600" style={{ left: `${left}%`, width: `${Math.max(width, 1)}%` }} />
      </div>
      <div className="flex justify-between text-xs tabular-nums text-slate-700" aria-hidden="true">
        <span>{formatDurationMmss(from)}</span>
        <span>
          {formatDurationMmss(min)} – {formatDurationMmss(max)}
        </span>
        <span>{formatDurationMmss(to)}</span>
      </div>
      <figcaption className="text-xs text-slate-600">
        Reference bar from {from} s to {to} s: the expected {min} to {max} s with {OUT_OF_RANGE_MARGIN_SECONDS} s either side. A time taken outside it asks for
        a reason.
      </figcaption>
    </figure>
  );
}
