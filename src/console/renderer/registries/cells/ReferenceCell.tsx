import { Link } from 'wouter';
import { getPath } from '../../core/context';
import { EMPTY_TEXT, formatText } from '../../core/format';
import { fillTemplate } from '../../core/templates';
import { useReferencedRecord } from '../../parts/useReferencedRecord';
import { useEvalContext } from '../../scopeContext';
import { defineCell } from './cellTypes';

/**
 * The record an id points to, by one of its fields: a device's provider by name
 * (`{"resource": "providers", "label": "name"}`). Lists fetch the page's references at once
 * (getMany); this reads the cache, or fetches the one record. While loading or failing, the id shows.
 */
export const referenceCell = defineCell(
  {
    type: 'object',
    properties: {
      resource: { type: 'string', minLength: 1 },
      label: { type: 'string', minLength: 1 },
      /** A link to the referenced record: "/patients/{id}/show", filled from that record. */
      to: { type: 'string', minLength: 1 },
    },
    required: ['resource', 'label'],
    additionalProperties: false,
  },
  function ReferenceCell({ value, options }) {
    const id = typeof value === 'number' || typeof value === 'string' ? value : undefined;
    const referenced = useReferencedRecord(options.resource, id);
    const context = useEvalContext({ record: referenced });
    if (id === undefined || id === '') return <>{EMPTY_TEXT}</>;
    const text = referenced ? formatText(getPath(referenced, options.label)) : `#${id}`;
    if (!options.to || !referenced) return <>{text}</>;
    return (
      <Link href={fillTemplate(options.to, context)} className="text-blue-700 underline-offset-2 hover:underline" onClick={(event) => event.stopPropagation()}>
        {text}
      </Link>
    );
  },
);
