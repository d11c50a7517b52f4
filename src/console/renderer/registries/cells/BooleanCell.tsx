import { EMPTY_TEXT } from '../../core/format';
import { defineCell } from './cellTypes';

/** Yes / No unless the definition words them otherwise (Shared: Yes). */
export const booleanCell = defineCell(
  {
    type: 'object',
    properties: { yes: { type: 'string' }, no: { type: 'string' } },
    additionalProperties: false,
  },
  ({ value, options }) => {
    if (value === null || value === undefined) return <>{EMPTY_TEXT}</>;
    return <>{value === true || value === 'true' ? (options.yes ?? 'Yes') : (options.no ?? 'No')}</>;
  },
);
