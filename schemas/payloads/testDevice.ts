import type { FromSchema } from 'json-schema-to-ts';
import { CREATABLE_DEVICE_TYPES } from '../../src/domain/enums';

/**
 * POST testing/add-device (spec 002 sections 3 "Test device" and 7): a device of a type for the
 * patient account with this e-mail, assigned to the patient. Without an external_id one is made up.
 */
export const testDeviceSchema = {
  title: 'TestDevice',
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email', maxLength: 320 },
    device_type: { type: 'string', enum: CREATABLE_DEVICE_TYPES },
    external_id: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
  },
  required: ['email', 'device_type'],
  additionalProperties: false,
} as const;

export type TestDevice = FromSchema<typeof testDeviceSchema>;
