import { zonedDay } from '../../../domain/zonedDays';
import { timeZoneOf } from '../../renderer/core/context';
import { EMPTY_TEXT } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { PaceBar } from './PaceBar';
import { rowMonth, serviceLines } from './progressFormat';
import { servicesCellOptions } from './ServicesCell.options';

/**
 * A row's services of one program (`options.program`), one line per CPT code: the code, what
 * counts of what it needs (minutes or days), a small bar coloured by the month's pace, the units
 * earned, an excluded or billed status, and what is still missing highlighted (spec 002 section 9).
 */
export const servicesCell = defineCell(servicesCellOptions, function ServicesCell({ value, record, options }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const lines = serviceLines(value, options.program, rowMonth(record.start_date), zonedDay(new Date(), timeZone));
  if (lines.length === 0) return <>{EMPTY_TEXT}</>;
  return (
    <ul className="min-w-72 space-y-1 text-xs">
      {lines.map((line) => (
        // Spaces between the parts, so that a screen reader (and a copy) reads them apart; the gap lays them out.
        <li key={line.code} className="flex items-center gap-2 whitespace-nowrap">
          <span className="w-10 font-medium tabular-nums text-slate-900">{line.code}</span>{' '}
          <span className="w-24 tabular-nums text-slate-700">{line.amount}</span> <PaceBar percent={line.percent} tone={line.tone} className="h-1.5 w-14" />
          {line.words && <span className="sr-only">({line.words}) </span>}
          {line.units && (
            <span className="font-medium text-slate-900">
              <span aria-hidden="true">{line.units}</span>
              <span className="sr-only">{line.unitsWords}</span>{' '}
            </span>
          )}
          {line.status && <span className="rounded bg-slate-100 px-1.5 text-slate-700 ring-1 ring-slate-300 ring-inset">{line.status}</span>}
          {line.status && line.remaining && ' '}
          {line.remaining && <span className="rounded bg-amber-100 px-1.5 font-semibold text-amber-900">{line.remaining}</span>}
        </li>
      ))}
    </ul>
  );
});
