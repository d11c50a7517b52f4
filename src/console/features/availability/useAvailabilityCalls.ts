import type { AvailabilityOccurrence } from '../../../../schemas/payloads/availability';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from '../../api/DataProviderContext';
import { useNotify } from '../../renderer/skin/toasts';
import { AVAILABILITY_PER_PAGE, texts, type Scope } from './calendar';

/** One occurrence as GET availability answers it. */
export type Occurrence = AvailabilityOccurrence;

/** What the dialog sends (POST, and PUT with the scope). */
export interface SlotBody {
  is_repeating: boolean;
  repeat_interval: string | null;
  repeat_until: string | null;
  range_start: string;
  range_end: string;
  availability_date: string;
  timezone_abbr: string;
  user_id: number;
  appointment_location_id: number | null;
}

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const KEY = ['availability'];

export interface WeekQuery {
  start: string;
  end: string;
  timeZone: string;
  userIds?: readonly number[] | undefined;
  locationIds?: readonly number[] | undefined;
}

/** GET availability for the days start to end in the browser's zone, 100 a page (spec 002 section 9). */
export function useAvailabilityWeek({ start, end, timeZone, userIds, locationIds }: WeekQuery) {
  const dataProvider = useDataProvider();
  const params = new URLSearchParams({ start_date: start, end_date: end, timezone: timeZone, page: '1', perPage: String(AVAILABILITY_PER_PAGE) });
  if (userIds?.length) params.set('user_ids', userIds.join(','));
  if (locationIds?.length) params.set('location_ids', locationIds.join(','));
  const query = params.toString();
  return useQuery({
    queryKey: [...KEY, query],
    queryFn: () => dataProvider.request<Occurrence[]>(`/availability?${query}`),
    placeholderData: keepPreviousData,
  });
}

/** POST availability, PUT availability/{id} and POST availability/{id}/delete, each with its toast (spec 002 section 8 for the failures). */
export function useAvailabilityWrites() {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const create = useMutation({
    mutationFn: (body: SlotBody) => dataProvider.request('/availability', json('POST', body)),
    onSuccess: async () => {
      notify(texts.added);
      await refresh();
    },
    onError: (error) => notify(texts.addError(messageOf(error)), 'error'),
  });
  const update = useMutation({
    mutationFn: ({ id, body, scope }: { id: number; body: SlotBody; scope: Scope }) =>
      dataProvider.request(`/availability/${id}`, json('PUT', { ...body, recurring_edit_mode: scope })),
    onSuccess: async () => {
      notify(texts.updated);
      await refresh();
    },
    onError: (error) => notify(texts.updateError(messageOf(error)), 'error'),
  });
  const remove = useMutation({
    mutationFn: ({ id, day, scope }: { id: number; day: string; scope: Scope }) =>
      dataProvider.request(`/availability/${id}/delete`, json('POST', { delete_mode: scope, availability_date: day })),
    onSuccess: async () => {
      notify(texts.deleted);
      await refresh();
    },
    onError: (error) => notify(texts.deleteError(messageOf(error)), 'error'),
  });
  return { create, update, remove };
}

interface Named {
  id: number;
  full_name?: string | null;
  name?: string | null;
}

/** The users a calendar shows and adds for: active users who keep a calendar (attendance tracking), 100 by name. */
export function useCalendarUsers(enabled: boolean) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['users', 'list', 'availability-picker'],
    queryFn: () =>
      dataProvider.getList<Named>('users', {
        filter: { 'is_active[eq]': true, 'attendance_tracking_enabled[eq]': true },
        sort: { field: 'full_name', order: 'asc' },
        pagination: { page: 1, perPage: AVAILABILITY_PER_PAGE },
      }),
    enabled,
  });
}

/** Active locations, 100 by name: the calendar's location filter. */
export function useCalendarLocations(enabled: boolean) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['locations', 'list', 'availability-filter'],
    queryFn: () =>
      dataProvider.getList<Named>('locations', {
        filter: { 'is_active[eq]': true },
        sort: { field: 'name', order: 'asc' },
        pagination: { page: 1, perPage: AVAILABILITY_PER_PAGE },
      }),
    enabled,
  });
}

/** GET users/{id}/locations: the locations a slot of that user may name. */
export function useUserLocationChoices(userId: number | null) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['users', 'locations', String(userId)],
    queryFn: () => dataProvider.request<{ location_id: number; name?: string | null }[]>(`/users/${String(userId)}/locations`),
    enabled: userId !== null,
  });
}
