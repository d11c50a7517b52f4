import { signalLabel } from '../../core/format';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

/** Spec 000 section 2.5: 0 no signal ... 4 excellent, else 'Not Reported'. */
export const signalCell = defineCell(NO_OPTIONS, ({ value }) => <>{signalLabel(value)}</>);
