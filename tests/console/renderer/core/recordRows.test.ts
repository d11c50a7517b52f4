import { describe, expect, it } from 'vitest';
import { locationDetailsSchema } from '../../../../schemas/entities/locationDetails';
import { fieldSchema } from '../../../../src/console/renderer/core/entityFields';
import { recordRows, rowSchemaOf } from '../../../../src/console/renderer/core/recordRows';

describe('rows of an array field of a record (a card table)', () => {
  it('finds the schema of one row of an array of objects, and nothing for other fields', () => {
    const row = rowSchemaOf(fieldSchema(locationDetailsSchema, 'device_count_table'));
    expect(Object.keys(row?.properties ?? {})).toEqual(['device_type', 'device_manufacturer', 'device_model', 'count']);
    expect(rowSchemaOf(fieldSchema(locationDetailsSchema, 'total_devices'))).toBeUndefined();
    expect(rowSchemaOf(fieldSchema(locationDetailsSchema, 'address'))).toBeUndefined();
    expect(rowSchemaOf({ type: 'array', items: { type: 'string' } })).toBeUndefined();
  });

  it('reads the objects the field holds, and nothing when it is missing or not a list', () => {
    const rows = [{ device_type: 'glucometer', count: 2 }];
    expect(recordRows({ device_count_table: rows }, 'device_count_table')).toEqual(rows);
    expect(recordRows({ device_count_table: [1, null, 'x', ...rows] }, 'device_count_table')).toEqual(rows);
    expect(recordRows({}, 'device_count_table')).toEqual([]);
    expect(recordRows({ device_count_table: { count: 1 } }, 'device_count_table')).toEqual([]);
    expect(recordRows(undefined, 'device_count_table')).toEqual([]);
  });
});
