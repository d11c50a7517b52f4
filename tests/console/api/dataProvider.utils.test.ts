import { describe, expect, it } from 'vitest';
import {
  apiResource,
  filenameFromDisposition,
  listQueryString,
  rangeHeader,
  resourceLabel,
  resourcePath,
  totalFromContentRange,
} from '../../../src/console/api/dataProvider.utils';

describe('data provider details', () => {
  it('builds resource paths, patient-scoped ones, and maps patient-queue to patients', () => {
    expect(resourcePath('devices')).toBe('/devices');
    expect(resourcePath('devices', 7)).toBe('/devices/7');
    expect(resourcePath('devices', 7, { patientId: 3 })).toBe('/patients/3/devices/7');
    expect(resourcePath('patient-queue')).toBe('/patients');
    expect(apiResource('patient-queue')).toBe('patients');
  });

  it('puts sort, order, skip, limit, filter and meta in the query; Range names the same window', () => {
    const params = {
      sort: { field: 'added_on', order: 'desc' as const },
      pagination: { page: 3, perPage: 10 },
      filter: { 'status[in]': ['pending'] },
      meta: { view: 'rpm' },
    };
    expect(Object.fromEntries(new URLSearchParams(listQueryString(params)))).toEqual({
      sort: 'added_on',
      order: 'desc',
      skip: '20',
      limit: '10',
      filter: '{"status[in]":["pending"]}',
      meta: '{"view":"rpm"}',
    });
    expect(listQueryString({})).toBe('skip=0&limit=10');
    expect(rangeHeader('devices', params)).toBe('devices=20-29');
    expect(rangeHeader('patient-queue', { pagination: { page: 1, perPage: 5 } })).toBe('patients=0-4');
  });

  it('reads the total of Content-Range, or counts what it has', () => {
    expect(totalFromContentRange('devices 0-9/123', 0, 10)).toBe(123);
    expect(totalFromContentRange(null, 20, 4)).toBe(24);
    expect(totalFromContentRange('devices 0-9/*', 0, 10)).toBe(10);
  });

  it('reads a file name from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="devices.csv"')).toBe('devices.csv');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")).toBe('résumé.pdf');
    expect(filenameFromDisposition(null)).toBeUndefined();
  });

  it('names a resource in the singular', () => {
    expect(resourceLabel('devices')).toBe('Device');
    expect(resourceLabel('device-activities')).toBe('Device activity');
    expect(resourceLabel('patient-queue')).toBe('Patient');
  });
});
