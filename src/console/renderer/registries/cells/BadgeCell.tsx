import { EMPTY_TEXT, plainText } from '../../core/format';
import { codeLabel } from '../../core/templates';
import { useScreenRegistries } from '../../environmentContext';
import { TONE_CLASSES, TONES } from '../../skin/tones';
import { defineCell } from './cellTypes';

/** A code as a coloured badge: its label (the definition's, else the features' label of the code, else humanized) and a tone per value (gray unless given). */
export const badgeCell = defineCell(
  {
    type: 'object',
    properties: {
      tones: { type: 'object', additionalProperties: { enum: TONES } },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      /** The badge of no value ('N/A' for a patient without priority); a dash without it. */
      empty: { type: 'string', minLength: 1 },
    },
    additionalProperties: false,
  },
  function BadgeCell({ value, options }) {
    const { labels } = useScreenRegistries();
    const blank = value === null || value === undefined || value === '';
    if (blank && options.empty === undefined) return <>{EMPTY_TEXT}</>;
    const key = blank ? '' : plainText(value);
    const tone = blank ? 'gray' : (options.tones?.[key] ?? 'gray');
    return (
      <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[tone]}`}>
        {blank ? options.empty : (options.labels?.[key] ?? codeLabel(key, labels))}
      </span>
    );
  },
);
