import { CARE_PROGRAM_TYPES } from '../../../domain/enums';

/** The options of the services cell, apart from its component, which loads on demand (defineLazyCell). */
export const servicesCellOptions = {
  type: 'object',
  properties: { program: { enum: CARE_PROGRAM_TYPES } },
  required: ['program'],
  additionalProperties: false,
} as const;
