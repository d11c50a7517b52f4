import { patientPhones, type PatientPhoneFields } from '../../../domain/patientPhones';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { PhoneNumbers } from '../../renderer/skin/PhoneNumbers';

const isFields = (value: unknown): value is PatientPhoneFields => typeof value === 'object' && value !== null;

/**
 * The patient's phone, wherever a patient is shown (`{"field": "user", "cell": "patient_phone"}`):
 * the primary number, else the first present (the domain's `patientPhones`), the others with their
 * labels in a tooltip.
 */
export const patientPhoneCell = defineCell(NO_OPTIONS, ({ value }) => <PhoneNumbers {...patientPhones(isFields(value) ? value : undefined)} />);
