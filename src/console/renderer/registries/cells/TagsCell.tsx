import { EMPTY_TEXT } from '../../core/format';
import { TONE_CLASSES, TONES } from '../../skin/tones';
import { defineCell } from './cellTypes';

/** A list of codes as badges of one tone (ICD-10 diagnoses: "E11.9", "I10"), or of their `labels` (care programs: "RPM"). */
export const tagsCell = defineCell(
  {
    type: 'object',
    properties: { tone: { enum: TONES }, labels: { type: 'object', additionalProperties: { type: 'string' } } },
    additionalProperties: false,
  },
  ({ value, options }) => {
    const items = Array.isArray(value) ? value.filter((item) => item !== null && item !== '') : [];
    if (items.length === 0) return <>{EMPTY_TEXT}</>;
    return (
      <ul className="flex flex-wrap gap-1">
        {items.map((item) => (
          <li
            key={String(item)}
            className={`rounded px-1.5 py-0.5 text-xs ring-1 ring-inset ${options.labels ? 'font-medium' : 'font-mono'} ${TONE_CLASSES[options.tone ?? 'blue']}`}
          >
            {options.labels?.[String(item)] ?? String(item)}
          </li>
        ))}
      </ul>
    );
  },
);
