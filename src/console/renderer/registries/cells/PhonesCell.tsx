import { getPath } from '../../core/context';
import { PhoneNumbers, type LabelledPhone } from '../../skin/PhoneNumbers';
import { defineCell } from './cellTypes';

/**
 * A person's phone numbers: the primary one shown, the others in a tooltip with their labels.
 * `numbers` maps a phone type to its field and label; the primary is the type the `primary` field
 * names, or the first type that has a number.
 */
export const phonesCell = defineCell(
  {
    type: 'object',
    properties: {
      numbers: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          properties: { field: { type: 'string', minLength: 1 }, label: { type: 'string', minLength: 1 } },
          required: ['field', 'label'],
          additionalProperties: false,
        },
        minProperties: 1,
      },
      primary: { type: 'string', minLength: 1 },
    },
    required: ['numbers'],
    additionalProperties: false,
  },
  ({ record, options }) => {
    const present = Object.entries(options.numbers)
      .map(([type, { field, label }]) => ({ type, label, number: getPath(record, field) }))
      .filter((phone): phone is LabelledPhone => typeof phone.number === 'string' && phone.number !== '');
    const primaryType = options.primary ? getPath(record, options.primary) : undefined;
    const primary = present.find((phone) => phone.type === primaryType) ?? present[0];
    return <PhoneNumbers primary={primary} others={present.filter((phone) => phone !== primary)} />;
  },
);
