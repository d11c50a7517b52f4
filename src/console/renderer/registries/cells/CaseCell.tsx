import { evaluateCondition } from '../../core/conditions';
import type { AnyCondition } from '../../core/conditionRegistry';
import { EMPTY_TEXT } from '../../core/format';
import { fillTemplate } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';
import { defineCell } from './cellTypes';

/**
 * The text of the first case whose condition holds for the record, else `else`: the location
 * label of a device ('With Patient', 'At location', 'Unknown').
 */
export const caseCell = defineCell(
  {
    type: 'object',
    properties: {
      cases: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: { when: { type: 'object' }, text: { type: 'string' } },
          required: ['when', 'text'],
          additionalProperties: false,
        },
      },
      else: { type: 'string' },
    },
    required: ['cases'],
    additionalProperties: false,
  },
  function CaseCell({ record, options }) {
    const context = useEvalContext({ record });
    const match = options.cases.find((item) => evaluateCondition(item.when as AnyCondition, context));
    const text = match?.text ?? options.else;
    return <>{text === undefined ? EMPTY_TEXT : fillTemplate(text, context)}</>;
  },
);
