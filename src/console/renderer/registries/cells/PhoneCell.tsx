import { formatPhone } from '../../core/format';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

export const phoneCell = defineCell(NO_OPTIONS, ({ value }) => <span className="whitespace-nowrap">{formatPhone(value)}</span>);
