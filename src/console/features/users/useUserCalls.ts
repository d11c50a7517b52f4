import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';
import { HttpError } from '../../api/httpError';
import { useNotify } from '../../renderer/skin/toasts';
import { LOCATIONS_PER_PAGE, ROLES_STALE_TIME_MS, TENANT_ROLES_PER_PAGE, texts, type RoleOption, type TenantUserRole, type UserLocation } from './userRoles';

type UserId = number | string;

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
});
const userPath = (userId: UserId, rest = '') => `/users/${encodeURIComponent(String(userId))}${rest}`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** GET roles?meta={"is_internal":true}: the internal roles the server offers. */
export function useInternalRoles() {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['roles', 'internal'],
    queryFn: () => dataProvider.request<RoleOption[]>(`/roles?meta=${encodeURIComponent(JSON.stringify({ is_internal: true }))}`),
    staleTime: ROLES_STALE_TIME_MS,
  });
}

/**
 * PATCH users/{id} with one field (the role, applied as soon as it is chosen; the patient access
 * level: a PUT would need the whole user): 'Role updated to {role}' or 'Changes saved', else 'Error: ' and the server's message.
 */
export function useUpdateUserField(userId: UserId) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: (change: { role: string } | { patient_access_level: string }) => dataProvider.request(userPath(userId), json('PATCH', change)),
    onSuccess: async (_answer, change) => {
      notify('role' in change ? texts.roleUpdated(change.role) : 'Changes saved');
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => notify(`Error: ${messageOf(error)}`, 'error'),
  });
}

/** GET users/{id}/tenant-user-roles, 20 a page (spec 002 section 9), with add and remove. */
export function useTenantUserRoles(userId: UserId, page: number, enabled: boolean) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = ['users', 'tenant-user-roles', String(userId)];
  const list = useQuery({
    queryKey: ['users', 'tenant-user-roles', String(userId), page],
    queryFn: () =>
      dataProvider.getList<TenantUserRole>(`users/${encodeURIComponent(String(userId))}/tenant-user-roles`, {
        pagination: { page, perPage: TENANT_ROLES_PER_PAGE },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const add = useMutation({
    mutationFn: (body: { tenant_id: number | string; start_date?: string }) =>
      dataProvider.request<TenantUserRole>(userPath(userId, '/tenant-user-roles'), json('POST', body)),
    onSuccess: async () => {
      notify(texts.roleAdded);
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notify(messageOf(error), 'warning'),
  });
  const remove = useMutation({
    mutationFn: (tenantId: number) =>
      dataProvider.request<{ message?: string }>(userPath(userId, `/tenant-user-roles?tenant_id=${encodeURIComponent(String(tenantId))}`), json('DELETE')),
    onSuccess: async (answer) => {
      notify(answer?.message ?? 'Provider access removed');
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => notify(`Error: ${messageOf(error)}`, 'error'),
  });
  return { list, add, remove };
}

/** GET users/{id}/locations with add (409: 'Location already added', a warning) and remove (spec 002 section 8). */
export function useUserLocations(userId: UserId) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const key = ['users', 'locations', String(userId)];
  const list = useQuery({ queryKey: key, queryFn: () => dataProvider.request<UserLocation[]>(userPath(userId, '/locations')) });
  const add = useMutation({
    mutationFn: (locationId: number | string) => dataProvider.request<UserLocation>(userPath(userId, '/locations'), json('POST', { location_id: locationId })),
    onSuccess: async () => {
      notify(texts.locationAdded);
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) =>
      error instanceof HttpError && error.status === 409 ? notify(texts.locationAlreadyAdded, 'warning') : notify(texts.locationAddError, 'error'),
  });
  const remove = useMutation({
    mutationFn: (locationId: number) =>
      dataProvider.request(userPath(userId, `/locations?location_id=${encodeURIComponent(String(locationId))}`), json('DELETE')),
    onSuccess: async () => {
      notify(texts.locationRemoved);
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => notify(texts.locationRemoveError, 'error'),
  });
  return { list, add, remove };
}

/**
 * The locations a user may be given: GET locations, active ones, 100 at a time (spec 002 section 7);
 * for a provider's user, its provider's only, as the server allows (every location has a provider).
 */
export function useActiveLocations(tenantId: number | null | undefined) {
  const dataProvider = useDataProvider();
  const ofTenant = tenantId == null ? {} : { 'tenant_id[eq]': tenantId };
  return useQuery({
    queryKey: ['locations', 'list', 'user-picker', ofTenant],
    queryFn: () =>
      dataProvider.getList<{ id: number; name?: string | null }>('locations', {
        filter: { 'is_active[eq]': true, ...ofTenant },
        sort: { field: 'name', order: 'asc' },
        pagination: { page: 1, perPage: LOCATIONS_PER_PAGE },
      }),
  });
}
