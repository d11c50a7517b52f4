import { ENTERED_IN_ERROR } from '../../../../domain/clinical/recordValues';
import { defineCell } from '../../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../../renderer/registries/registryEntry';
import { BADGE_CLASSES } from './triageTones';

/** Spec 001 section 4: runs marked entered in error "show a badge". */
export const ENTERED_IN_ERROR_LABEL = 'Entered in error';

/** A run's status: an 'Entered in error' badge for a run marked so, nothing for a final one. */
export const runStatusCell = defineCell(NO_OPTIONS, function RunStatusCell({ value }) {
  if (value !== ENTERED_IN_ERROR) return null;
  return <span className={`${BADGE_CLASSES} bg-slate-100 text-slate-700 ring-slate-400/40`}>{ENTERED_IN_ERROR_LABEL}</span>;
});
