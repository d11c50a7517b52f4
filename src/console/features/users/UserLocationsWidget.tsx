import { useId, useState } from 'react';
import { useEvalContext } from '../../renderer/scopeContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { ScrollRegion } from '../../renderer/skin/ScrollRegion';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { Button } from '../../ui/Button';
import { useActiveLocations, useUserLocations } from './useUserCalls';

/**
 * The Locations tab, shown to internal users for whoever they edit (spec 002 sections 2, 7 and 8): the user's locations, one added
 * from the active locations (100 offered), and each removed; the spec's texts for each outcome.
 */
export function UserLocationsWidget() {
  const record = useEvalContext().record as { id?: number | string; tenant_id?: number | null } | undefined;
  if (record?.id === undefined) return null;
  return <UserLocations userId={record.id} tenantId={record.tenant_id} />;
}

function UserLocations({ userId, tenantId }: { userId: number | string; tenantId: number | null | undefined }) {
  const { list, add, remove } = useUserLocations(userId);
  const choices = useActiveLocations(tenantId);
  const [chosen, setChosen] = useState('');
  const pickerId = useId();
  return (
    <div className="space-y-4">
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">No locations found</p>
      ) : (
        <ScrollRegion label="Locations table">
          {() => (
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Location
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((row) => (
                  <tr key={row.id} className="border-t border-slate-100">
                    <td className="px-3 py-2">{row.name ?? `#${row.location_id}`}</td>
                    <td className="px-3 py-2 text-right">
                      <Button
                        variant="ghost"
                        aria-label={`Remove ${row.name ?? `location ${row.location_id}`}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(row.location_id)}
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </ScrollRegion>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen !== '') add.mutate(Number(chosen), { onSuccess: () => setChosen('') });
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={pickerId} className="block text-sm font-medium text-slate-700">
            Location
          </label>
          <select
            id={pickerId}
            className={`${INPUT_CLASSES} mt-1`}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
            disabled={!choices.isSuccess}
          >
            <option value="">{choices.isError ? 'Locations could not be loaded' : 'Choose a location'}</option>
            {(choices.data?.data ?? []).map((location) => (
              <option key={location.id} value={location.id}>
                {location.name ?? `#${location.id}`}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="primary" disabled={chosen === '' || add.isPending}>
          Add Location
        </Button>
      </form>
    </div>
  );
}
