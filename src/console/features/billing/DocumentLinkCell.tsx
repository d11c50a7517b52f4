import { EMPTY_TEXT } from '../../renderer/core/format';
import { defineCell } from '../../renderer/registries/cells/cellTypes';

/** A link to a document outside the console (an invoice's hosted page or PDF), opened in a new tab; a dash without one. */
export const documentLinkCell = defineCell(
  { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'], additionalProperties: false },
  function DocumentLinkCell({ value, options }) {
    if (typeof value !== 'string' || value === '') return <>{EMPTY_TEXT}</>;
    return (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        className="text-blue-700 underline-offset-2 hover:underline"
        onClick={(event) => event.stopPropagation()}
      >
        {options.text}
      </a>
    );
  },
);
