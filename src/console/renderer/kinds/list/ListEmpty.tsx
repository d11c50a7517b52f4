import { timeZoneOf } from '../../core/context';
import { presetNow } from '../../core/datePresets';
import { resolveFilterValues } from '../../core/filterValues';
import { useScreenEnvironment } from '../../environmentContext';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../skin/StatusViews';
import { useListContext } from './ListContext';

/**
 * An empty page: the text, and the definition's reset button when it has one ('Reset Filters'
 * clears every filter and the search, then sets its own values, such as today's range).
 */
export function ListEmpty({ text }: { text: string }) {
  const { body, dispatch } = useListContext();
  const environment = useScreenEnvironment();
  const reset = body.empty?.reset;
  if (!reset) return <EmptyState>{text}</EmptyState>;
  return (
    <div className="flex flex-col items-center gap-3 p-6">
      <EmptyState>{text}</EmptyState>
      <Button
        onClick={() => {
          dispatch({ type: 'clearFilters' });
          for (const [field, value] of Object.entries(resolveFilterValues(reset.filters, presetNow(timeZoneOf(environment)))))
            dispatch({ type: 'setFilter', field, value });
        }}
      >
        {reset.label}
      </Button>
    </div>
  );
}
