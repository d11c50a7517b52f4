import type { FromSchema } from 'json-schema-to-ts';
import { DEVICE_FEE_TYPES } from '../../src/domain/deviceActions';

/** A one-time charge of a device (spec 000 section 3): the device detail's Charges card. Written by the server only. */
export const deviceOneTimeFeeSchema = {
  title: 'DeviceOneTimeFee',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    device_id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    timestamp: { type: 'string', format: 'date-time', readOnly: true },
    amount: { type: 'number', readOnly: true },
    fee_type: { type: 'string', enum: DEVICE_FEE_TYPES, readOnly: true },
  },
  required: ['id', 'device_id', 'tenant_id', 'timestamp', 'amount', 'fee_type'],
  additionalProperties: false,
} as const;

export type DeviceOneTimeFee = FromSchema<typeof deviceOneTimeFeeSchema>;
