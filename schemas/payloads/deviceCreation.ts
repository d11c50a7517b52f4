import type { FromSchema } from 'json-schema-to-ts';
import { deviceSchema } from '../entities/device';
import { BULK_CREATION_STATUSES } from '../../src/domain/deviceActions';
import { DEVICE_STATUSES } from '../../src/domain/enums';
import { writableProperties } from './common';

const { device_manufacturer, device_type, device_model, tenant_id, location_id } = deviceSchema.properties;

/**
 * POST devices (spec 000 sections 4.1 and 5): one device, from the single-device form or the
 * Tenovi gateway form, with the entity's writable fields. A null status (the Tenovi form once
 * received) lets the server decide.
 */
export const deviceCreationSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { ...writableProperties(deviceSchema.properties), status: { type: ['string', 'null'], enum: [...DEVICE_STATUSES, null] } },
  required: ['device_manufacturer', 'device_type'],
} as const;

/** Most IMEIs one pasted list may hold: a carton of devices is a few hundred. */
const BULK_CREATION_MAX = 1000;

/**
 * POST devices/bulk (spec 000 sections 3 and 7): devices of one kind from a pasted IMEI list.
 * The IMEIs already in use are not created; the answer names them.
 */
export const deviceBulkCreationSchema = {
  title: 'DeviceBulkCreation',
  type: 'object',
  properties: {
    external_ids: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 64 }, minItems: 1, maxItems: BULK_CREATION_MAX },
    device_manufacturer,
    device_type,
    device_model,
    tenant_id,
    location_id,
    status: { type: ['string', 'null'], enum: [...BULK_CREATION_STATUSES, null] },
  },
  required: ['external_ids', 'device_manufacturer', 'device_type'],
  additionalProperties: false,
} as const;

export type DeviceBulkCreation = FromSchema<typeof deviceBulkCreationSchema>;
