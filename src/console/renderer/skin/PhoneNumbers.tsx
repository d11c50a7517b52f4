import { EMPTY_TEXT, formatPhone } from '../core/format';
import { Tooltip } from './Tooltip';

export interface LabelledPhone {
  type: string;
  label: string;
  number: string;
}

/** A person's phone numbers: the primary one shown, the others with their labels in a tooltip; the empty dash without any. */
export function PhoneNumbers({ primary, others }: { primary: LabelledPhone | null | undefined; others: readonly LabelledPhone[] }) {
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
}
