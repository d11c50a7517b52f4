import { patientPhones, type PatientPhoneFields } from '../../../domain/patientPhones';
import { EMPTY_TEXT, formatPhone } from '../../renderer/core/format';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { Tooltip } from '../../renderer/skin/Tooltip';

const isFields = (value: unknown): value is PatientPhoneFields => typeof value === 'object' && value !== null;

/**
 * The patient's phone, wherever a patient is shown (`{"field": "user", "cell": "patient_phone"}`):
 * the primary number, else the first present (the domain's `patientPhones`), the others with their
 * labels in a tooltip.
 */
export const patientPhoneCell = defineCell(NO_OPTIONS, ({ value }) => {
  const { primary, others } = patientPhones(isFields(value) ? value : undefined);
  if (!primary) return <>{EMPTY_TEXT}</>;
  const shown = <span className="whitespace-nowrap">{formatPhone(primary.number)}</span>;
  if (others.length === 0) return shown;
  return (
    <Tooltip
      tip={others.map((phone) => (
        <span key={phone.type} className="block whitespace-nowrap">
          {phone.label}: {formatPhone(phone.number)}
        </span>
      ))}
    >
      {shown}
    </Tooltip>
  );
});
