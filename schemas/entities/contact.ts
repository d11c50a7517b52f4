import type { FromSchema } from 'json-schema-to-ts';

/** Spec 001 section 3, "Contact": how a contact is related to the patient (the table's check, migration 0027). */
export const CONTACT_RELATIONSHIPS = ['caregiver', 'child', 'dependent', 'family_member', 'legal_guardian', 'parent', 'spouse', 'other'] as const;

/** A phone number as typed: digits with the usual separators and an optional leading +; the server keeps US numbers as +1XXXXXXXXXX. */
const phone = { type: ['string', 'null'], maxLength: 32, pattern: '^\\+?[0-9 ().-]{7,25}$' } as const;

/**
 * A family member or other contact of a patient (spec 001 sections 2 "profile sections" 8 and 3
 * "Contact"): full name and relationship required, phones and e-mail optional (the e-mail must be
 * valid), an emergency-contact flag and notes. The record is the patient's provider's, whoever writes it.
 */
export const contactSchema = {
  title: 'Contact',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    full_name: { type: 'string', minLength: 1, maxLength: 200 },
    relationship_to_patient: { type: 'string', enum: CONTACT_RELATIONSHIPS },
    cell_phone_number: phone,
    home_phone_number: phone,
    email: { type: ['string', 'null'], format: 'email', maxLength: 320 },
    is_emergency_contact: { type: 'boolean' },
    notes: { type: ['string', 'null'], maxLength: 4000 },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
    updated_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['patient_id', 'full_name', 'relationship_to_patient'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type Contact = FromSchema<typeof contactSchema>;
