import { PHONE_TYPES } from './enums';

type PhoneType = (typeof PHONE_TYPES)[number];

/** The phone fields of a patient's account (spec 001 section 3, Patient.user), as read from any record. */
export interface PatientPhoneFields {
  mobile_phone_number?: unknown;
  home_phone_number?: unknown;
  facility_phone_number?: unknown;
  primary_phone_number_type?: unknown;
  /** The account's own number, older than the typed ones: the last resort. */
  phone_number?: unknown;
}

/** One number of the patient, with its kind ('account' for the account's own number). */
export interface PatientPhone {
  type: PhoneType | 'account';
  label: string;
  number: string;
}

/** The field of each kind of number, and its label. */
export const PATIENT_PHONE_FIELDS = {
  mobile: { field: 'mobile_phone_number', label: 'Mobile' },
  home: { field: 'home_phone_number', label: 'Home' },
  facility: { field: 'facility_phone_number', label: 'Facility' },
} as const satisfies Record<PhoneType, { field: keyof PatientPhoneFields; label: string }>;

const present = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value.trim() !== '+1';

/**
 * The patient's numbers, the primary first: the number of the type the patient calls primary, else
 * the first present of mobile, home and facility, else the account's own number; `others` are the
 * remaining typed numbers. One rule for every place that shows a patient's phone (lists, the group's
 * patients, the record, the enrollment export).
 * @example patientPhones({home_phone_number: '+16085550101', primary_phone_number_type: 'mobile'}) // {primary: {type: 'home', ...}, others: []}
 */
export function patientPhones(user: PatientPhoneFields | null | undefined): { primary: PatientPhone | null; others: PatientPhone[] } {
  const typed = PHONE_TYPES.flatMap((type): PatientPhone[] => {
    const number = user?.[PATIENT_PHONE_FIELDS[type].field];
    return present(number) ? [{ type, label: PATIENT_PHONE_FIELDS[type].label, number }] : [];
  });
  const primary = typed.find((phone) => phone.type === user?.primary_phone_number_type) ?? typed[0];
  if (primary) return { primary, others: typed.filter((phone) => phone !== primary) };
  const account = user?.phone_number;
  return { primary: present(account) ? { type: 'account', label: 'Phone', number: account } : null, others: [] };
}
