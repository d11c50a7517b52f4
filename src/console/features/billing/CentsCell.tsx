import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { formatCents } from './centsFormat';

/** An amount in cents shown in dollars: an invoice's total 12345 -> '$123.45'. */
export const centsCell = defineCell(NO_OPTIONS, ({ value }) => <span className="tabular-nums">{formatCents(value)}</span>);
