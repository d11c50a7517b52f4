import type { FromSchema } from 'json-schema-to-ts';
import { DEVICE_ACTIVITY_TYPES, DEVICE_MANUFACTURERS, DEVICE_TYPES } from '../../src/domain/enums';

/**
 * One event in a device's history (spec 000 section 3). The provider, the patient and the actor
 * are taken from the device and the caller, never from the request; `device` is the device it concerns.
 */
export const deviceActivitySchema = {
  title: 'DeviceActivity',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    device_id: { type: 'integer' },
    tenant_id: { type: ['integer', 'null'], readOnly: true },
    patient_id: { type: ['integer', 'null'], readOnly: true },
    activity_type: { type: 'string', enum: DEVICE_ACTIVITY_TYPES },
    // The console sends its own id (spec 000 section 7); the server signs the event with the caller whatever it says.
    actor_id: { type: ['integer', 'null'] },
    actor_name: { type: ['string', 'null'], readOnly: true },
    created_on: { type: 'string', format: 'date-time', readOnly: true },
    value: { anyOf: [{ type: 'object' }, { type: 'array' }, { type: 'null' }] },
    device: {
      type: 'object',
      readOnly: true,
      properties: {
        id: { type: 'integer' },
        external_id: { type: ['string', 'null'] },
        device_type: { type: 'string', enum: DEVICE_TYPES },
        device_manufacturer: { type: 'string', enum: DEVICE_MANUFACTURERS },
      },
      additionalProperties: false,
    },
  },
  required: ['id', 'device_id', 'activity_type'],
  additionalProperties: false,
} as const;

export type DeviceActivity = FromSchema<typeof deviceActivitySchema>;
