import { formatObservation, orderObservations, type QueueObservation } from '../../../domain/patientQueue';
import { EMPTY_TEXT } from '../../renderer/core/format';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';

const isObservation = (value: unknown): value is QueueObservation =>
  typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';

/** The latest observations of a queue row, each rounded as spec 001 section 9 says: 'BP 128/84 mmHg', 'Temp 98.6 °F'. */
export const observationsCell = defineCell(NO_OPTIONS, ({ value }) => {
  const shown = orderObservations(Array.isArray(value) ? value.filter(isObservation) : []).flatMap((o) => formatObservation(o) ?? []);
  if (shown.length === 0) return <>{EMPTY_TEXT}</>;
  return (
    <ul className="flex min-w-64 max-w-sm flex-wrap gap-1" aria-label="Latest observations">
      {shown.map((text) => (
        <li key={text} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-slate-700">
          {text}
        </li>
      ))}
    </ul>
  );
});
