import { DECOMMISSION_STATUSES, UNASSIGN_REASONS } from '../../../domain/deviceActions';
import { DEVICE_TYPE_LABELS } from '../../../domain/deviceLabels';
import { CREATABLE_DEVICE_TYPES, ISSUE_TYPES } from '../../../domain/enums';
import type { ChoiceSource } from '../../renderer/core/coreRegistries';
import { humanize } from '../../renderer/core/templates';

const fixed = <V extends string>(values: readonly V[], label: (value: V) => string): ChoiceSource => {
  const choices = values.map((value) => ({ value, label: label(value) }));
  return () => choices;
};
const worded =
  <V extends string>(labels: { readonly [K in V]: string }) =>
  (value: V) =>
    labels[value];

/**
 * The device forms' choices, from the domain's lists (spec 000 sections 3, 4.1 and 5), so that a
 * form offers what the server accepts; the words are the console's.
 */
export const deviceChoices = {
  /** Device types for creation; the list also shows cgm and tenovi_gateway. */
  creatable_device_types: fixed(CREATABLE_DEVICE_TYPES, worded(DEVICE_TYPE_LABELS)),
  /** The Tenovi form also adds the gateway itself. */
  tenovi_device_types: fixed(['tenovi_gateway', ...CREATABLE_DEVICE_TYPES] as const, worded(DEVICE_TYPE_LABELS)),
  decommission_statuses: fixed(
    DECOMMISSION_STATUSES,
    worded({
      decommissioned: 'Decommission',
      pending_return_to_manufacturer: 'Pending Return to Manufacturer',
      returned_to_manufacturer: 'Returned to Manufacturer',
    }),
  ),
  unassign_reasons: fixed(
    UNASSIGN_REASONS,
    worded({ patient_unenrolled: 'Patient Unenrolled', in_error: 'Assigned in Error', replace_device: 'Replace Device', other: 'Other' }),
  ),
  /** Battery, connection, hardware, user error, other. */
  issue_types: fixed(ISSUE_TYPES, humanize),
} as const satisfies Readonly<Record<string, ChoiceSource>>;
