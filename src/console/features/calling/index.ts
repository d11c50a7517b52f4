import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';

/**
 * Placing calls (issue 22): the record's Call button (`call_patient`) and My voice calls' Test Call
 * (`test_call`), each with its dialog; the call panel itself lives in the shell (CallDock), and loads
 * with the carrier's device only when a call starts.
 */
export const callingFeature = {
  widgets: {
    call_patient: defineLazyWidget(NO_OPTIONS, () => import('./CallButtonWidget').then((m) => m.CallPatientWidget)),
    test_call: defineLazyWidget(NO_OPTIONS, () => import('./CallButtonWidget').then((m) => m.TestCallWidget)),
  },
} as const satisfies RegistryContribution;
