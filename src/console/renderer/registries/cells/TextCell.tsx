import { formatText } from '../../core/format';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

export const textCell = defineCell(NO_OPTIONS, ({ value }) => <>{formatText(value)}</>);
