import { zonedDay } from '../../../domain/zonedDays';
import { timeZoneOf } from '../../renderer/core/context';
import { EMPTY_TEXT } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { PaceBar } from './PaceBar';
import { paceOf, rowMonth } from './progressFormat';

const BEHIND = { yellow: 'text-yellow-800', red: 'font-semibold text-red-700' } as const;

/**
 * A month's progress (0 to 1) as a bar and its percentage, coloured by the month's pace on today
 * (spec 001 section 9): the row's month is its `start_date`. Behind pace it also says so, with an
 * arrow for the eye and words for a screen reader and the tooltip; no progress is the dash.
 */
export const progressCell = defineCell(NO_OPTIONS, function ProgressCell({ value, record }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const pace = paceOf(value, rowMonth(record.start_date), zonedDay(new Date(), timeZone));
  if (!pace) return <>{EMPTY_TEXT}</>;
  return (
    <span className="flex min-w-28 items-center gap-2" title={`${pace.text}, ${pace.words}`}>
      <PaceBar percent={pace.percent} tone={pace.colour} />
      <span className={`whitespace-nowrap tabular-nums ${pace.colour === 'green' ? '' : BEHIND[pace.colour]}`}>
        {pace.text}
        {pace.colour !== 'green' && <span aria-hidden="true"> ↓</span>}
      </span>
      <span className="sr-only">, {pace.words}</span>
    </span>
  );
});
