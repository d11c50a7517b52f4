import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';
import { resourceQueries } from '../../api/queryOptions';
import { RecordCombobox } from '../../renderer/skin/RecordCombobox';
import { useChosenProvider } from './useChosenProvider';

/**
 * The provider picker of internal users (spec 001 Home, spec 002 Provider analytics): it writes the
 * choice into the address, where every widget of the page reads it. Provider users pick nothing.
 */
export function ProviderPicker() {
  const { tenantId, canChoose, choose } = useChosenProvider();
  const dataProvider = useDataProvider();
  const chosen = useQuery({ ...resourceQueries('providers').one(dataProvider, tenantId ?? 0), enabled: canChoose && tenantId !== null });
  if (!canChoose) return null;
  const value = tenantId === null ? null : { id: tenantId, label: chosen.data?.name ?? '…' };
  return (
    <div className="max-w-sm">
      <RecordCombobox
        label="Provider"
        resource="providers"
        labelPath="name"
        value={value}
        onChange={(next) => choose(next === null ? null : Number(next.id))}
      />
    </div>
  );
}
