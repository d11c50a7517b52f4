import type { FromSchema } from 'json-schema-to-ts';
import { DEVICE_MANUFACTURERS, DEVICE_STATUSES, DEVICE_TYPES } from '../../src/domain/enums';

/** A monitoring device (spec 000 section 3). tenant_id null = the operator's inventory. */
export const deviceSchema = {
  title: 'Device',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    external_id: { type: ['string', 'null'], maxLength: 64 },
    device_manufacturer: { type: 'string', enum: DEVICE_MANUFACTURERS },
    device_type: { type: 'string', enum: DEVICE_TYPES },
    device_model: { type: ['string', 'null'], maxLength: 100 },
    tenant_id: { type: ['integer', 'null'] },
    location_id: { type: ['integer', 'null'] },
    patient_id: { type: ['integer', 'null'] },
    status: { type: 'string', enum: DEVICE_STATUSES },
    added_on: { type: 'string', format: 'date-time', readOnly: true },
    assigned_on: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    is_shared_device: { type: 'boolean' },
    device_received: { type: 'boolean' },
    customer_invoice_item_id: { type: ['string', 'null'], maxLength: 100 },
    first_measurement: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    last_measurement: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    misc_data: { type: 'object' },
  },
  required: ['id', 'device_manufacturer', 'device_type'],
  additionalProperties: false,
} as const;

export type Device = FromSchema<typeof deviceSchema>;
