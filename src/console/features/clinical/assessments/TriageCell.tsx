import { EMPTY_TEXT } from '../../../renderer/core/format';
import { defineCell } from '../../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../../renderer/registries/registryEntry';
import { BADGE_CLASSES, TRIAGE_BADGE_CLASSES, triageBadgeOf } from './triageTones';

/**
 * A run's triage as a badge (spec 001 section 9, "Triage labels"): the label of `result.triage`
 * (the column's field is `result`), coloured by its group; the code itself in the tooltip. No
 * triage is the dash.
 */
export const triageCell = defineCell(NO_OPTIONS, function TriageCell({ value, record }) {
  const badge = triageBadgeOf(value, record);
  if (!badge) return <>{EMPTY_TEXT}</>;
  return (
    <span className={`${BADGE_CLASSES} ${TRIAGE_BADGE_CLASSES[badge.group]}`} title={badge.code}>
      {badge.label}
    </span>
  );
});
