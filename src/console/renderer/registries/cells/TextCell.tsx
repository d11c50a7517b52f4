import { formatText } from '../../core/format';
import { defineCell } from './cellTypes';

/** A value as text; `{"lines": true}` keeps its line breaks (a summary's paragraphs). */
export const textCell = defineCell({ type: 'object', properties: { lines: { type: 'boolean' } }, additionalProperties: false }, ({ value, options }) =>
  options.lines === true ? <span className="whitespace-pre-line">{formatText(value)}</span> : <>{formatText(value)}</>,
);
