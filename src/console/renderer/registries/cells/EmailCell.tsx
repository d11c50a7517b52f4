import { getPath } from '../../core/context';
import { EMPTY_TEXT } from '../../core/format';
import { defineCell } from './cellTypes';

/** An e-mail address with a verified (green tick) or unverified (amber mark) icon from the `verified` field. */
export const emailCell = defineCell(
  {
    type: 'object',
    properties: { verified: { type: 'string', minLength: 1 } },
    required: ['verified'],
    additionalProperties: false,
  },
  ({ value, record, options }) => {
    if (typeof value !== 'string' || value === '') return <>{EMPTY_TEXT}</>;
    const verified = getPath(record, options.verified) === true;
    const label = verified ? 'Verified' : 'Unverified';
    return (
      <span className="inline-flex items-center gap-1 break-all">
        {value}
        <span role="img" aria-label={label} title={label} className={verified ? 'text-green-700' : 'text-amber-600'}>
          {verified ? '✓' : '!'}
        </span>
      </span>
    );
  },
);
