import { formatObservation, orderObservations, type QueueObservation } from '../../../domain/patientQueue';
import { EMPTY_TEXT } from '../../renderer/core/format';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { ReadingTime } from './ReadingTime';

const isObservation = (value: unknown): value is QueueObservation =>
  typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';

/**
 * The latest reading of each measure with its unit and when it came ('BP 128/84 mmHg, 3 hours
 * ago'), in the queue's order of measures: a patient's chart banner.
 */
export const latestReadingsCell = defineCell(NO_OPTIONS, ({ value }) => {
  const readings = orderObservations(Array.isArray(value) ? value.filter(isObservation) : []).flatMap((observation) => {
    const text = formatObservation(observation);
    return text === null ? [] : [{ key: observation.name, text, at: observation.timestamp ?? null }];
  });
  if (readings.length === 0) return <>{EMPTY_TEXT}</>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {readings.map((reading) => (
        <li key={reading.key} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">
          <span className="font-medium">{reading.text}</span>
          {reading.at && (
            <>
              {', '}
              <ReadingTime value={reading.at} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
});
