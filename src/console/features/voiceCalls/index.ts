import { defineLazyCell } from '../../renderer/registries/cells/cellTypes';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { voiceCallDetailsCellOptions } from './VoiceCallDetailsCell.options';

/**
 * Voice calls' lists and details (issue 22; spec 000 section 2.7, 002 section 2): the details dialog
 * of a call's row, with its recording (fetched with the session, progress polled every 0.5 s) and
 * its transcript. Placing calls is the call panel's (features/calling).
 */
export const voiceCallsFeature = {
  cells: { voice_call_details: defineLazyCell(voiceCallDetailsCellOptions, () => import('./VoiceCallDetailsCell').then((m) => m.voiceCallDetailsCell)) },
} as const satisfies RegistryContribution;
