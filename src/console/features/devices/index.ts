import { DEVICE_MANUFACTURER_LABELS, DEVICE_TYPE_LABELS } from '../../../domain/deviceLabels';
import { humanize } from '../../renderer/core/templates';
import { onDemandPart } from '../../renderer/registries/lazyEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { deviceChoices } from './deviceChoices';
import { deviceFieldRules } from './deviceFieldRules';
import { deviceRules } from './deviceRules';
import { imeiCell } from './ImeiCell';
import { signalCell } from './SignalCell';

/** The device codes that humanizing would misspell (`cgm` -> 'CGM', `freestylelibre` -> 'FreeStyle Libre'), from the domain's labels. */
const deviceLabels = Object.fromEntries(
  Object.entries({ ...DEVICE_TYPE_LABELS, ...DEVICE_MANUFACTURER_LABELS }).filter(([code, label]) => label !== humanize(code)),
);

/**
 * Devices (spec 000 sections 2.4 to 5): the action rules of the domain's table, the forms' choices and
 * IMEI rules, IMEI and signal cells, and how device types and manufacturers read.
 */
export const devicesFeature = {
  cells: { imei: imeiCell, signal: signalCell },
  labels: deviceLabels,
  choices: deviceChoices,
  rules: deviceRules,
  fieldRules: deviceFieldRules,
  rjsfWidgets: { imei_list: onDemandPart(() => import('./ImeiListWidget').then((m) => m.ImeiListWidget)) },
} as const satisfies RegistryContribution;
