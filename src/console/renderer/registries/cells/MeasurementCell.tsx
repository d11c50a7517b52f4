import { formatMeasurement } from '../../core/activityFormat';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

/** A measurement activity's reading: '128/84 mmHg'. */
export const measurementCell = defineCell(NO_OPTIONS, ({ value }) => <>{formatMeasurement(value)}</>);
