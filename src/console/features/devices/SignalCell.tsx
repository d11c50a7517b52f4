import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { signalLabel } from './deviceFormat';

/** Spec 000 section 2.5: 0 no signal ... 4 excellent, else 'Not Reported'. */
export const signalCell = defineCell(NO_OPTIONS, ({ value }) => <>{signalLabel(value)}</>);
