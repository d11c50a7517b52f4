import type { AnyCondition } from '../../renderer/core/conditionRegistry';
import { evaluateCondition } from '../../renderer/core/conditions';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { useEvalContext } from '../../renderer/scopeContext';
import { formatImei } from './deviceFormat';

/** Spec 000 section 3: Tenovi gateways show their id in groups of 4 characters with dashes. */
const TENOVI_GATEWAY: AnyCondition = { eq: ['device_type', 'tenovi_gateway'] };

export const imeiCell = defineCell(
  {
    type: 'object',
    properties: {
      /** Always grouped (a gateway id field), whatever the record. */
      grouped: { type: 'boolean' },
      /** When to group; default: the record is a Tenovi gateway. */
      groupedWhen: { type: 'object' },
    },
    additionalProperties: false,
  },
  function ImeiCell({ value, record, options }) {
    const context = useEvalContext({ record });
    const grouped = options.grouped ?? evaluateCondition(options.groupedWhen ?? TENOVI_GATEWAY, context);
    return <span className="font-mono">{formatImei(value, grouped)}</span>;
  },
);
