import { ageInYears } from '../../../domain/patientAge';
import { zonedDay } from '../../../domain/zonedDays';
import { getPath, timeZoneOf } from '../../renderer/core/context';
import { EMPTY_TEXT, formatText } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';

/** Age in whole years (365.25-day years) from a birth date, with the sex field beside it when named: "76 years, Female". */
export const ageCell = defineCell(
  {
    type: 'object',
    properties: { sex: { type: 'string', minLength: 1 } },
    additionalProperties: false,
  },
  function AgeCell({ value, record, options }) {
    const today = zonedDay(new Date(), timeZoneOf(useScreenEnvironment()));
    const years = ageInYears(value, today);
    const sex = options.sex ? getPath(record, options.sex) : undefined;
    const parts = [years === null ? EMPTY_TEXT : `${years} ${years === 1 ? 'year' : 'years'}`];
    if (options.sex) parts.push(formatText(sex));
    return <>{parts.join(', ')}</>;
  },
);
