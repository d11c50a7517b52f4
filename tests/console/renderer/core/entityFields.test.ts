import { describe, expect, it } from 'vitest';
import { deviceSchema } from '../../../../schemas/entities/device';
import { deviceActivitySchema } from '../../../../schemas/entities/deviceActivity';
import { patientSchema } from '../../../../schemas/entities/patient';
import { patientQueueRowSchema } from '../../../../schemas/entities/patientQueue';
import { providerSchema } from '../../../../schemas/entities/provider';
import { screenRegistries } from '../../../../src/console/features';
import { defaultCell, entityOf, fieldSchema } from '../../../../src/console/renderer/core/entityFields';
import { labelOf, resolveFieldView, resolveFilter, resolveSearchFields } from '../../../../src/console/renderer/core/fieldViews';

const at = { file: 'screens/x.json', path: '' };

describe('entity fields', () => {
  it('finds fields, nested fields, fields through anyOf and anything under an open object', () => {
    expect(fieldSchema(deviceSchema, 'external_id')).toMatchObject({ maxLength: 64 });
    expect(fieldSchema(patientSchema, 'user.full_name')).toMatchObject({ type: 'string' });
    expect(fieldSchema(providerSchema, 'address.city')).toMatchObject({ type: 'string' });
    expect(fieldSchema(deviceSchema, 'misc_data.status.signal')).toEqual({});
    expect(fieldSchema(deviceActivitySchema, 'value.issue_type')).toEqual({});
    expect(fieldSchema(deviceSchema, 'nope')).toBeUndefined();
    expect(fieldSchema(patientSchema, 'user.nope')).toBeUndefined();
  });

  it('knows the entity of a resource, or of the name a definition gives', () => {
    expect(entityOf({ resource: 'devices' }, at, screenRegistries)).toBe(deviceSchema);
    expect(entityOf({ resource: 'patient-queue' }, at, screenRegistries)).toBe(patientQueueRowSchema);
    expect(entityOf({ resource: 'whatever', entity: 'provider' }, at, screenRegistries)).toBe(providerSchema);
    expect(() => entityOf({ resource: 'claims' }, at, screenRegistries)).toThrow('screens/x.json: /: no entity schema for resource "claims"');
    expect(() => entityOf({ resource: 'devices', entity: 'claim' }, at, screenRegistries)).toThrow('unknown entity "claim"');
  });

  it('gives a field a cell by its schema and a label by its name', () => {
    expect(defaultCell(fieldSchema(deviceSchema, 'added_on'))).toBe('datetime');
    expect(defaultCell(fieldSchema(patientSchema, 'birthdate'))).toBe('date');
    expect(defaultCell(fieldSchema(deviceSchema, 'is_shared_device'))).toBe('boolean');
    expect(defaultCell(fieldSchema(deviceSchema, 'status'))).toBe('badge');
    expect(defaultCell(fieldSchema(deviceSchema, 'device_model'))).toBe('text');
    expect(labelOf('user.full_name')).toBe('Full Name');
    expect(resolveFieldView({ field: 'added_on' }, deviceSchema)).toMatchObject({ label: 'Added on', cell: 'datetime', options: {} });
  });

  it('offers an enum field values in a select, and exempts integer search fields', () => {
    expect(resolveFilter({ type: 'select', field: 'device_manufacturer' }, deviceSchema).choices[0]).toEqual({ value: 'tenovi', label: 'Tenovi' });
    // The features' labels spell what humanizing would not: CGM, FreeStyle Libre.
    expect(resolveFilter({ type: 'select', field: 'device_type' }, deviceSchema, { cgm: 'CGM' }).choices).toContainEqual({ value: 'cgm', label: 'CGM' });
    expect(
      resolveSearchFields(
        {
          resource: 'devices',
          columns: [{ field: 'id' }],
          search: {
            fields: [
              { field: 'id', label: 'ID' },
              { field: 'external_id', label: 'IMEI' },
            ],
          },
        },
        deviceSchema,
      ),
    ).toEqual([
      { field: 'id', label: 'ID', operator: 'q', format: 'id' },
      { field: 'external_id', label: 'IMEI', operator: 'q', format: 'text' },
    ]);
  });
});
