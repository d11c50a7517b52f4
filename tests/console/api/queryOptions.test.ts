import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../src/console/api/dataProvider';
import { DATA_STALE_TIME_MS, deviceQueries, patientQueueQueries, resourceQueries } from '../../../src/console/api/queryOptions';

const dataProvider = createDataProvider(() => Promise.reject(new Error('not called')));

describe('query options per resource', () => {
  it('keys every query under its resource, fresh for 10 seconds', () => {
    expect(DATA_STALE_TIME_MS).toBe(10_000);
    expect(deviceQueries.key).toEqual(['devices']);
    const list = deviceQueries.list(dataProvider, { pagination: { page: 1, perPage: 10 } });
    expect(list.queryKey).toEqual(['devices', 'list', { pagination: { page: 1, perPage: 10 } }, {}]);
    expect(list.staleTime).toBe(10_000);
    expect(deviceQueries.one(dataProvider, 7).queryKey).toEqual(['devices', 'one', '7', {}]);
    expect(deviceQueries.many(dataProvider, [1, 2]).queryKey).toEqual(['devices', 'many', ['1', '2']]);
    expect(patientQueueQueries.key).toEqual(['patient-queue']);
    expect(resourceQueries('claim-items').one(dataProvider, 'x', { patientId: 3 }).queryKey).toEqual(['claim-items', 'one', 'x', { patientId: 3 }]);
  });

  it('reads a record at its path or by id under the key of `at` or of `one`', () => {
    expect(deviceQueries.oneOrAt(dataProvider, 7, undefined).queryKey).toEqual(deviceQueries.one(dataProvider, 7).queryKey);
    expect(deviceQueries.oneOrAt(dataProvider, 7, '/devices/7/summary').queryKey).toEqual(deviceQueries.at(dataProvider, '/devices/7/summary').queryKey);
    expect(deviceQueries.oneOrAt(dataProvider, 7, undefined).staleTime).toBe(10_000);
  });
});
