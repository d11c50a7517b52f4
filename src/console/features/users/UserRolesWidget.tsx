import { useId, useState } from 'react';
import type { ChosenRecord } from '../../renderer/core/filterQueries';
import { useEvalContext } from '../../renderer/scopeContext';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { RecordCombobox } from '../../renderer/skin/RecordCombobox';
import { ScrollRegion } from '../../renderer/skin/ScrollRegion';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { Button } from '../../ui/Button';
import { useInternalRoles, useTenantUserRoles, useUpdateUserField } from './useUserCalls';
import { offeredRoles, PATIENT_ACCESS_LEVELS, roleLabel, takesAccessLevel, TENANT_ROLES_PER_PAGE } from './userRoles';

interface EditedUser {
  id?: number | string;
  role?: string;
  patient_access_level?: string | null;
}

/**
 * The Roles tab of an internal user (spec 002 sections 4 and 6): the role radio list (GET roles, never
 * superadmin), applied as soon as a role is chosen; the patient access level for roles other than the
 * three admin roles; and, while tenant_scoped, the providers the user reaches (tenant-user-roles).
 */
export function UserRolesWidget() {
  const user = (useEvalContext().record ?? {}) as EditedUser;
  if (user.id === undefined) return null;
  return <UserRoles user={user as EditedUser & { id: number | string }} />;
}

function UserRoles({ user }: { user: EditedUser & { id: number | string } }) {
  const roles = useInternalRoles();
  const update = useUpdateUserField(user.id);
  const name = useId();
  const accessName = useId();
  const role = update.isPending && update.variables && 'role' in update.variables ? update.variables.role : (user.role ?? '');
  const level = user.patient_access_level ?? 'all';
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Role</legend>
        {roles.isPending ? (
          <Loading />
        ) : roles.isError ? (
          <ErrorMessage error={roles.error} onRetry={() => void roles.refetch()} />
        ) : (
          <div className="mt-2 space-y-2">
            {user.role === 'superadmin' && <p className="text-sm text-slate-700">Superadmin. This role is not changed here.</p>}
            {offeredRoles(roles.data).map((option) => (
              <label key={option.role} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={name}
                  value={option.role}
                  className="mt-0.5"
                  checked={role === option.role}
                  disabled={update.isPending}
                  onChange={() => update.mutate({ role: option.role })}
                />
                <span>
                  <span className="font-medium">{roleLabel(option.role)}</span>
                  {option.description && <span className="block text-slate-600">{option.description}</span>}
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {takesAccessLevel(user.role) && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Patient Access Level</legend>
          <div className="mt-2 space-y-2">
            {PATIENT_ACCESS_LEVELS.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={accessName}
                  value={option.value}
                  checked={level === option.value}
                  disabled={update.isPending}
                  onChange={() => update.mutate({ patient_access_level: option.value })}
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {takesAccessLevel(user.role) && level === 'tenant_scoped' && <ProviderAccess userId={user.id} />}
    </div>
  );
}

/** The providers a tenant_scoped user reaches: 20 a page, add (provider and start date) and remove. */
function ProviderAccess({ userId }: { userId: number | string }) {
  const [page, setPage] = useState(1);
  const { list, add, remove } = useTenantUserRoles(userId, page, true);
  const [provider, setProvider] = useState<ChosenRecord | null>(null);
  const [startDate, setStartDate] = useState('');
  const ids = { provider: useId(), start: useId() };
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / TENANT_ROLES_PER_PAGE));
  return (
    <section aria-labelledby={`${ids.provider}-title`} className="space-y-3">
      <h3 id={`${ids.provider}-title`} className="text-sm font-medium text-slate-900">
        Provider Access
      </h3>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-slate-600">No providers yet: this user sees no patients.</p>
      ) : (
        <ScrollRegion label="Provider access table">
          {() => (
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Provider
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Start Date
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((row) => (
                  <tr key={row.id} className="border-t border-slate-100">
                    <td className="px-3 py-2">{row.tenant_name ?? `#${row.tenant_id}`}</td>
                    <td className="px-3 py-2">{row.start_date ?? '—'}</td>
                    <td className="px-3 py-2 text-right">
                      <Button
                        variant="ghost"
                        aria-label={`Remove ${row.tenant_name ?? `provider ${row.tenant_id}`}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(row.tenant_id)}
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
      {pages > 1 && (
        <nav aria-label="Provider access pages" className="flex items-center gap-2 text-sm">
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
      <form
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (!provider) return;
          add.mutate(
            { tenant_id: provider.id, ...(startDate ? { start_date: startDate } : {}) },
            {
              onSuccess: () => {
                setProvider(null);
                setStartDate('');
              },
            },
          );
        }}
      >
        <RecordCombobox label="Provider" resource="providers" labelPath="name" minLength={2} debounceMs={500} value={provider} onChange={setProvider} />
        <div>
          <label htmlFor={ids.start} className="block text-sm font-medium text-slate-700">
            Start Date
          </label>
          <input id={ids.start} type="date" className={`${INPUT_CLASSES} mt-1`} value={startDate} onChange={(event) => setStartDate(event.target.value)} />
        </div>
        <Button type="submit" variant="primary" disabled={!provider || add.isPending}>
          Add Provider
        </Button>
      </form>
    </section>
  );
}
