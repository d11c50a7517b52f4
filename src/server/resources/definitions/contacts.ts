import { contactSchema } from '../../../../schemas/entities/contact';
import { invalid } from '../../errors';
import { defineResource, type Values, type WriteContext } from '../defineResource';
import { visibleReference, type ReferenceTarget } from '../references';

/**
 * Family & Contacts (spec 001 section 2, profile section 8; section 3 "Contact"): the people around a
 * patient, listed and written under the patient (`/patients/{id}/contacts[/{id}]`) and at the top
 * level (`/contacts`). Part of the patient's record: read with `patients.read`, written with
 * `patients.update` (staff, clinicians and admins of the provider, internal users everywhere), and
 * audited for the patient. Newest first (the table's index `(patient_id, id desc)`), 10 a page; `q`
 * searches the name and the e-mail. A contact is the patient's provider's, whoever writes it.
 */

const PATIENT = { patient_id: { table: 'patients', tenantColumn: 'tenant_id' } } as const satisfies Record<string, ReferenceTarget>;
const PHONE_FIELDS = ['cell_phone_number', 'home_phone_number'] as const;

export const FULL_NAME_REQUIRED = 'Full name is required';
export const US_PHONE_NUMBER = 'Enter a US phone number (10 digits)';

/**
 * A US number as stored (E.164): ten digits, or eleven with the leading 1, whatever the separators,
 * with a real area code and exchange (neither starts with 0 or 1); undefined for anything else.
 * `usPhoneNumber('(608) 555-0142')` -> '+16085550142'.
 */
export function usPhoneNumber(typed: string): string | undefined {
  const digits = typed.replace(/\D/g, '');
  // With a leading + the country code must be there: +1 and ten digits.
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : typed.trim().startsWith('+') ? '' : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : undefined;
}

/** A text as kept: trimmed, and null when nothing is left. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value);

/**
 * The patient is the caller's to reach and stays the same; the contact is the patient's provider's.
 * The name is trimmed and may not be blank; phones become +1XXXXXXXXXX; the e-mail is kept trimmed
 * and in lower case; blank notes are none.
 */
async function contact({ trx, access, values, existing }: WriteContext): Promise<Values> {
  if (existing && values.patient_id !== undefined && values.patient_id !== existing.patient_id) {
    throw invalid(['body', 'patient_id'], 'A contact cannot move to another patient');
  }
  const patient = await visibleReference(trx, access, PATIENT.patient_id, values.patient_id ?? existing?.patient_id, ['body', 'patient_id']);
  const owned: Values = { ...values, tenant_id: patient.tenant, updated_at: new Date() };
  if (values.full_name !== undefined) {
    owned.full_name = trimmed(values.full_name);
    if (owned.full_name === null) throw invalid(['body', 'full_name'], FULL_NAME_REQUIRED, 'missing');
  }
  for (const field of PHONE_FIELDS) {
    const typed = trimmed(values[field]);
    if (typeof typed !== 'string') continue;
    const number = usPhoneNumber(typed);
    if (!number) throw invalid(['body', field], US_PHONE_NUMBER);
    owned[field] = number;
  }
  if (typeof values.email === 'string') owned.email = values.email.trim().toLowerCase() || null;
  if (values.notes !== undefined) owned.notes = trimmed(values.notes);
  return owned;
}

export const contacts = defineResource({
  name: 'contacts',
  table: 'contacts',
  schema: contactSchema,
  permission: 'patients',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  keys: { list: 'patients.read', read: 'patients.read', create: 'patients.update', update: 'patients.update', delete: 'patients.update' },
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'relationship_to_patient', 'is_emergency_contact', 'full_name', 'email', 'created_at'],
  sortable: ['id', 'full_name', 'relationship_to_patient', 'is_emergency_contact', 'created_at'],
  search: ['full_name', 'email', 'id'],
  defaultSort: { field: 'id', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  nestedWrites: true,
  references: PATIENT,
  prepare: contact,
});
