import { EMPTY_TEXT } from '../../core/format';
import { humanize } from '../../core/templates';
import { TONE_CLASSES, TONES } from '../../skin/tones';
import { defineCell } from './cellTypes';

/** A code as a coloured badge: its label (humanized unless given) and a tone per value (gray unless given). */
export const badgeCell = defineCell(
  {
    type: 'object',
    properties: {
      tones: { type: 'object', additionalProperties: { enum: TONES } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
    },
    additionalProperties: false,
  },
  ({ value, options }) => {
    if (value === null || value === undefined || value === '') return <>{EMPTY_TEXT}</>;
    const key = String(value);
    const tone = options.tones?.[key] ?? 'gray';
    return (
      <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[tone]}`}>
        {options.labels?.[key] ?? humanize(key)}
      </span>
    );
  },
);
