import { timeZoneOf } from '../../core/context';
import { presetNow } from '../../core/datePresets';
import { resolveFilterValues } from '../../core/filterValues';
import { useScreenEnvironment } from '../../environmentContext';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../skin/StatusViews';
import { useListContext } from './ListContext';

/**
 * An empty page: the text, the definition's sentence about the list's toggle while it is on
 * (`empty.toggled`), and the definition's reset button when it has one ('Reset Filters' clears
 * every filter and the search, then sets its own values, such as today's range).
 */
export function ListEmpty({ text }: { text: string }) {
  const { body, dispatch, toggle } = useListContext();
  const environment = useScreenEnvironment();
  const reset = body.empty?.reset;
  const toggled = body.toggle && toggle.on ? body.empty?.toggled : undefined;
  const shown = toggled ? (
    <>
      <span className="block">{text}</span>
      <span className="mt-1 block">{toggled}</span>
    </>
  ) : (
    text
  );
  if (!reset) return <EmptyState>{shown}</EmptyState>;
  return (
    <div className="flex flex-col items-center gap-3 p-6">
      <EmptyState>{shown}</EmptyState>
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
