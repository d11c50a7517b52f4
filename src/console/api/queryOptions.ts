import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { AuditLog } from '../../../schemas/entities/auditLog';
import type { AuthLog } from '../../../schemas/entities/authLog';
import type { Device } from '../../../schemas/entities/device';
import type { DeviceActivity } from '../../../schemas/entities/deviceActivity';
import type { Location } from '../../../schemas/entities/location';
import type { Patient } from '../../../schemas/entities/patient';
import type { Provider } from '../../../schemas/entities/provider';
import type { User } from '../../../schemas/entities/user';
import type { ApiRecord, DataProvider, Id, ReadOptions } from './dataProvider';
import type { ListParams, ScopeOptions } from './dataProvider.utils';

/** Spec 000 section 9: data queries are fresh for 10 seconds. */
export const DATA_STALE_TIME_MS = 10_000;

/** The record type each resource answers with (docs/DESIGN.md section 3). */
export interface ResourceRecords {
  providers: Provider;
  users: User;
  locations: Location;
  devices: Device;
  'device-activities': DeviceActivity;
  patients: Patient;
  'patient-queue': Patient;
  'audit-logs': AuditLog;
  'auth-logs': AuthLog;
}
export type RecordOf<R extends string> = R extends keyof ResourceRecords ? ResourceRecords[R] : ApiRecord;

/** The read options of a record read with expansions (`meta={"expand": [...]}`), none without: the key of `one` either way. */
export const expanding = (expand: readonly string[] | undefined): ReadOptions => (expand && expand.length > 0 ? { meta: { expand } } : {});

/**
 * The query options of one resource, so that keys and types never drift:
 * `useQuery(deviceQueries.one(dataProvider, 7))`; invalidate everything of it with `deviceQueries.key`.
 * Keys: [resource], [resource, 'list', params, scope], [resource, 'one', id, scope], [resource, 'many', ids], [resource, 'at', path].
 */
export function resourceQueries<R extends string>(resource: R) {
  type Row = RecordOf<R>;
  return {
    key: [resource] as const,
    list: (dataProvider: DataProvider, params: ListParams, scope: ScopeOptions = {}) =>
      queryOptions({
        queryKey: [resource, 'list', params, scope] as const,
        queryFn: () => dataProvider.getList<Row>(resource, params, scope),
        staleTime: DATA_STALE_TIME_MS,
      }),
    one: (dataProvider: DataProvider, id: Id, scope: ReadOptions = {}) =>
      queryOptions({
        queryKey: [resource, 'one', String(id), scope] as const,
        queryFn: () => dataProvider.getOne<Row>(resource, id, scope),
        staleTime: DATA_STALE_TIME_MS,
      }),
    many: (dataProvider: DataProvider, ids: readonly Id[]) =>
      queryOptions({
        queryKey: [resource, 'many', ids.map(String)] as const,
        queryFn: () => dataProvider.getMany<Row>(resource, ids),
        staleTime: DATA_STALE_TIME_MS,
      }),
    /** A record of the resource read at a bespoke path (`/locations/10/details`); refreshed with the resource. */
    at: (dataProvider: DataProvider, path: string) =>
      queryOptions({
        queryKey: [resource, 'at', path] as const,
        queryFn: () => dataProvider.request<ApiRecord>(path),
        staleTime: DATA_STALE_TIME_MS,
      }),
    /**
     * One query for a screen that reads its record at a bespoke path when it names one, else by id
     * (with what the screen expands): under the key of `at` or of `one`.
     */
    oneOrAt: (dataProvider: DataProvider, id: Id, path: string | undefined, expand?: readonly string[]) =>
      queryOptions<ApiRecord, Error, ApiRecord, QueryKey>({
        queryKey: path === undefined ? [resource, 'one', String(id), expanding(expand)] : [resource, 'at', path],
        queryFn: () => (path === undefined ? dataProvider.getOne(resource, id, expanding(expand)) : dataProvider.request<ApiRecord>(path)),
        staleTime: DATA_STALE_TIME_MS,
      }),
  };
}

export const deviceQueries = resourceQueries('devices');
export const patientQueueQueries = resourceQueries('patient-queue');
