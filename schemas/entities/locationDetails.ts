import type { FromSchema } from 'json-schema-to-ts';
import { DEVICE_MANUFACTURERS, DEVICE_TYPES } from '../../src/domain/enums';
import { locationSchema } from './location';

/**
 * GET locations/{id}/details (spec 002 section 3, Location "Details"): the location and the
 * devices at it, counted: all of them, the inactive ones (status inactive), the pending ones,
 * and a count per type, manufacturer and model.
 */
export const locationDetailsSchema = {
  title: 'LocationDetails',
  type: 'object',
  properties: {
    ...locationSchema.properties,
    total_devices: { type: 'integer', readOnly: true },
    total_inactive_devices: { type: 'integer', readOnly: true },
    pending_device_count: { type: 'integer', readOnly: true },
    device_count_table: {
      type: 'array',
      readOnly: true,
      items: {
        title: 'DeviceCount',
        type: 'object',
        properties: {
          device_type: { type: 'string', enum: DEVICE_TYPES },
          device_manufacturer: { type: 'string', enum: DEVICE_MANUFACTURERS },
          device_model: { type: ['string', 'null'] },
          count: { type: 'integer' },
        },
        required: ['device_type', 'device_manufacturer', 'device_model', 'count'],
        additionalProperties: false,
      },
    },
  },
  required: [...locationSchema.required, 'total_devices', 'total_inactive_devices', 'pending_device_count', 'device_count_table'],
  additionalProperties: false,
} as const;

export type LocationDetails = FromSchema<typeof locationDetailsSchema>;
