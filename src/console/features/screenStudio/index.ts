import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';

/**
 * Screen Studio (issue 21; src/server/routes/screenStudio/README.md): /screen-studio lists every
 * screen and the releases (`screen_studio`); /screen-studio/{id} edits one (`screen_studio_editor`:
 * the structured editor, the JSON editor, the changes in words, the history). Their code, CodeMirror
 * above all, is fetched only on those routes.
 */
export const screenStudioFeature = {
  widgets: {
    screen_studio: defineLazyWidget(NO_OPTIONS, () => import('./ScreenStudioList').then((m) => m.ScreenStudioListWidget)),
    screen_studio_editor: defineLazyWidget(NO_OPTIONS, () => import('./ScreenStudioEditor').then((m) => m.ScreenStudioEditorWidget)),
  },
} as const satisfies RegistryContribution;
