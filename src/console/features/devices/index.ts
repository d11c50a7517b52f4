import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { deviceChoices } from './deviceChoices';
import { deviceFieldRules } from './deviceFieldRules';
import { deviceRules } from './deviceRules';
import { ImeiListWidget } from './ImeiListWidget';
import { imeiCell } from './ImeiCell';
import { signalCell } from './SignalCell';

/** Devices (spec 000 sections 2.4 to 5): the action rules of the domain's table, the forms' choices and IMEI rules, IMEI and signal cells. */
export const devicesFeature = {
  cells: { imei: imeiCell, signal: signalCell },
  choices: deviceChoices,
  rules: deviceRules,
  fieldRules: deviceFieldRules,
  rjsfWidgets: { imei_list: ImeiListWidget },
} as const satisfies RegistryContribution;
