import type { FromSchema } from 'json-schema-to-ts';
import { AUTH_EVENT_TYPES } from '../../src/domain/enums';

/** A sign-in event (spec 002 section 3, Auth log), with the account it concerns when known. Written by the server only. */
export const authLogSchema = {
  title: 'AuthLog',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    timestamp: { type: 'string', format: 'date-time', readOnly: true },
    event_type: { type: 'string', enum: AUTH_EVENT_TYPES, readOnly: true },
    user_id: { type: ['integer', 'null'], readOnly: true },
    ip_address: { type: ['string', 'null'], readOnly: true },
    // The connection's own address, beside ip_address when that is one a trusted proxy forwarded.
    peer_address: { type: ['string', 'null'], readOnly: true },
    user_agent: { type: ['string', 'null'], readOnly: true },
    user: {
      type: ['object', 'null'],
      readOnly: true,
      properties: {
        id: { type: 'integer' },
        full_name: { type: 'string' },
        email: { type: 'string' },
        tenant_id: { type: ['integer', 'null'] },
      },
      additionalProperties: false,
    },
  },
  required: ['id', 'timestamp', 'event_type'],
  additionalProperties: false,
} as const;

export type AuthLog = FromSchema<typeof authLogSchema>;
