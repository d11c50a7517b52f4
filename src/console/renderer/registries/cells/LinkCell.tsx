import { Link } from 'wouter';
import { EMPTY_TEXT, formatText } from '../../core/format';
import { fillTemplate } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';
import { defineCell } from './cellTypes';

/** A link to another console page: `{"to": "/patients/{patient_id}/show"}`; the text is the value unless given. */
export const linkCell = defineCell(
  {
    type: 'object',
    properties: { to: { type: 'string', minLength: 1 }, text: { type: 'string' } },
    required: ['to'],
    additionalProperties: false,
  },
  function LinkCell({ value, record, options }) {
    const context = useEvalContext({ record });
    const text = options.text === undefined ? formatText(value) : fillTemplate(options.text, context);
    if (text === EMPTY_TEXT || text === '') return <>{EMPTY_TEXT}</>;
    return (
      <Link href={fillTemplate(options.to, context)} className="text-blue-700 underline-offset-2 hover:underline" onClick={(event) => event.stopPropagation()}>
        {text}
      </Link>
    );
  },
);
