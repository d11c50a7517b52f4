export { idParams } from './common';

/** GET files/{id}: the signed link's parts (services/storage/signedLinks.ts). */
export const fileLinkQuery = {
  type: 'object',
  properties: {
    expires: { type: 'integer', minimum: 0, maximum: 99_999_999_999 },
    by: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    sig: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' },
  },
  required: ['expires', 'by', 'sig'],
  additionalProperties: false,
} as const;
