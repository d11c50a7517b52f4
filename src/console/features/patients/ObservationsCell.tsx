import type { OutOfRange } from '../../../domain/monitoringLimits';
import { formatObservation, orderObservations, type QueueObservation } from '../../../domain/patientQueue';
import { EMPTY_TEXT } from '../../renderer/core/format';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';

/** A reading of the row; the server marks one outside the patient's monitoring limits, else the provider's. */
type RowObservation = QueueObservation & { out_of_range?: OutOfRange | null };

const isObservation = (value: unknown): value is RowObservation =>
  typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';

/** 'above 150', 'below 92': the side a reading left its range by, and the bound. */
const rangeWords = ({ range, limit }: OutOfRange) => `${range === 'high' ? 'above' : 'below'} ${limit}`;

/**
 * The latest observations of a queue row, each rounded as spec 001 section 9 says: 'BP 128/84 mmHg',
 * 'Temp 98.6 °F'. A reading out of range (src/domain/monitoringLimits.ts, decided by the server) is
 * red with an arrow, and says so in words to a screen reader and in its tooltip.
 */
export const observationsCell = defineCell(NO_OPTIONS, ({ value }) => {
  const shown = orderObservations(Array.isArray(value) ? value.filter(isObservation) : []).flatMap((o) => {
    const text = formatObservation(o);
    return text === null ? [] : [{ text, outside: o.out_of_range ?? null }];
  });
  if (shown.length === 0) return <>{EMPTY_TEXT}</>;
  return (
    <ul className="flex min-w-64 max-w-sm flex-wrap gap-1" aria-label="Latest observations">
      {shown.map(({ text, outside }) =>
        outside ? (
          <li
            key={text}
            title={`Out of range: ${rangeWords(outside)}`}
            className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-red-800 ring-1 ring-inset ring-red-600/40"
          >
            {text}
            <span aria-hidden="true"> {outside.range === 'high' ? '↑' : '↓'}</span>
            <span className="sr-only"> (out of range: {rangeWords(outside)})</span>
          </li>
        ) : (
          <li key={text} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-slate-700">
            {text}
          </li>
        ),
      )}
    </ul>
  );
});
