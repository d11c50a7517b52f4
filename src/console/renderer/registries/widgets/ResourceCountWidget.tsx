import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from '../../../api/DataProviderContext';
import type { Filter } from '../../../api/dataProvider.utils';
import { resourceQueries } from '../../../api/queryOptions';
import { resolveValue } from '../../core/templates';
import { useEvalContext } from '../../scopeContext';
import { ErrorMessage } from '../../skin/StatusViews';
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
    const dataProvider = useDataProvider();
    const filter = resolveValue(options.filter ?? {}, useEvalContext()) as Filter;
    const query = useQuery(resourceQueries(options.resource).list(dataProvider, { filter, pagination: { page: 1, perPage: 1 } }));
    if (query.isError) return <ErrorMessage error={query.error} />;
    return (
      <div>
        <p className="text-sm text-slate-600">{options.label}</p>
        <p className="text-2xl font-semibold text-slate-900">{query.data ? query.data.total : '…'}</p>
      </div>
    );
  },
);
