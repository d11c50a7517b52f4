import { defineFilter, type FilterEntry } from '../../renderer/registries/filters/filterTypes';
import { selectFilter } from '../../renderer/registries/filters/SelectFilter';
import { FORECAST_CHOICES, forecastQuery } from './forecastQuery';

const SelectControl = selectFilter.Component;
const fieldName = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*$' } as const;

/**
 * At risk or No longer reachable (or All): a select over `reachable_until` whose query reads the
 * month of the list's month filter (`monthField`) and today (forecastQuery.ts).
 */
export const forecastFilter = {
  ...defineFilter(
    { type: 'object', properties: { monthField: fieldName, progressField: fieldName }, required: ['monthField'], additionalProperties: false },
    function ForecastFilter({ filter, value, onChange }) {
      return <SelectControl filter={{ ...filter, choices: [...FORECAST_CHOICES] }} options={{}} value={value} onChange={onChange} />;
    },
  ),
  query: forecastQuery,
} satisfies FilterEntry;
