import {
  DEVICE_ACTION_RULES,
  deviceActionRefusal,
  isBulkSelectable,
  type DeviceBulkAction,
  type DeviceFacts,
  type DeviceUpdateAction,
} from '../../../domain/deviceActions';
import type { ApiRow } from '../../renderer/core/context';
import type { RecordRule } from '../../renderer/core/coreRegistries';

/** Spec 000 section 2.4; the domain answers yes or no, so the console words the no. */
export const BULK_SELECT_REFUSAL = 'Only devices with no patient that are not decommissioned can be selected';

/** What the device rules read of an API row; a missing field reads as "none". */
export function deviceFacts(record: ApiRow): DeviceFacts {
  const idOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    status: typeof record.status === 'string' ? record.status : '',
    patient_id: idOrNull(record.patient_id),
    tenant_id: idOrNull(record.tenant_id),
    is_shared_device: record.is_shared_device === true,
  };
}

type DeviceAction = DeviceUpdateAction | DeviceBulkAction;

// One entry per row of the domain's table, so that a new device action is a rule here without a line of its own.
const deviceActionRules = Object.fromEntries(
  (Object.keys(DEVICE_ACTION_RULES) as DeviceAction[]).map((action) => [
    `device.${action}`,
    (record: ApiRow) => deviceActionRefusal(action, deviceFacts(record)),
  ]),
) as Record<`device.${DeviceAction}`, RecordRule>;

/**
 * The device rules a definition may name in a condition (`{"refused": "device.assign_to_patient"}`),
 * so that the console enables exactly what the server accepts (one table for both, src/domain):
 * `device.{action}` for every device action, `device.bulk_select` for the list's selection.
 */
export const deviceRules: Readonly<Record<`device.${DeviceAction}` | 'device.bulk_select', RecordRule>> = {
  ...deviceActionRules,
  'device.bulk_select': (record) => (isBulkSelectable(deviceFacts(record)) ? null : BULK_SELECT_REFUSAL),
};
