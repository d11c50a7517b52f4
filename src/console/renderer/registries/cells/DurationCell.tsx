import { formatDurationMmss } from '../../core/format';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

/** Seconds as mm:ss (call durations in lists, spec 000 section 9). */
export const durationMmssCell = defineCell(NO_OPTIONS, ({ value }) => <>{formatDurationMmss(value)}</>);
