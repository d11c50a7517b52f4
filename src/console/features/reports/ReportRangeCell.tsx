import { reportDayText } from '../../../../schemas/payloads/reports';
import { defineCell } from '../../renderer/registries/cells/cellTypes';

/** A report's range as its two days, 03/01/2026 – 03/31/2026 (the record's range_start and range_end). */
export const reportRangeCell = defineCell({ type: 'object', properties: {}, additionalProperties: false }, ({ record }) => (
  <>{`${reportDayText(typeof record.range_start === 'string' ? record.range_start : '')} – ${reportDayText(typeof record.range_end === 'string' ? record.range_end : '')}`}</>
));
