import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { formatMeasurement } from './activityFormat';

/** A measurement activity's reading: '128/84 mmHg'. */
export const measurementCell = defineCell(NO_OPTIONS, ({ value }) => <>{formatMeasurement(value)}</>);
