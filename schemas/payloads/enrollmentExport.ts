import type { FromSchema } from 'json-schema-to-ts';
import { EXPORT_FORMATS, EXPORT_ORIENTATIONS } from '../../src/domain/enrollmentQueue';

/**
 * GET patients/export-onboarding (spec 001 section 7): `filter` is a patients list filter that
 * must bound onboarding_appointment_datetime with [gte] and [lte] (checked by the export, which
 * parses it like the list); `format` is pdf, `orientation` landscape (default) or portrait.
 */
export const exportOnboardingQuery = {
  type: 'object',
  properties: {
    filter: { type: 'string' },
    format: { type: 'string', enum: EXPORT_FORMATS },
    orientation: { type: 'string', enum: EXPORT_ORIENTATIONS },
  },
  required: ['filter'],
  additionalProperties: false,
} as const;

export type ExportOnboardingQuery = FromSchema<typeof exportOnboardingQuery>;
