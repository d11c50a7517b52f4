import { formatMoney } from '../../core/format';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

/** An amount in US dollars: a device fee's 49 -> '$49.00'. */
export const moneyCell = defineCell(NO_OPTIONS, ({ value }) => <span className="tabular-nums">{formatMoney(value)}</span>);
