import { ErrorMessage } from '../../skin/StatusViews';
import { useResourceCount } from './useResourceCount';
import { defineWidget } from './widgetTypes';

/**
 * How many records of a resource match a filter, read from Content-Range with a one-row page:
 * the device counts of a location (`{"resource": "devices", "filter": {"location_id[eq]": "{record.id}"}}`).
 */
export const resourceCountWidget = defineWidget(
  {
    type: 'object',
    properties: {
      resource: { type: 'string', minLength: 1 },
      filter: { type: 'object' },
      label: { type: 'string', minLength: 1 },
    },
    required: ['resource', 'label'],
    additionalProperties: false,
  },
  function ResourceCountWidget({ options }) {
    const count = useResourceCount(options.resource, options.filter);
    if (count.error) return <ErrorMessage error={count.error} />;
    return (
      <div>
        <p className="text-sm text-slate-600">{options.label}</p>
        <p className="text-2xl font-semibold text-slate-900">{count.total ?? '…'}</p>
      </div>
    );
  },
);
