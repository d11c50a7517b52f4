import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { lastLoginCell } from './LastLoginCell';

/** The account page (spec 002 "Account"): its last-login cell and the widgets of its cards (each loaded when its card is drawn). */
export const accountFeature = {
  cells: { last_login: lastLoginCell },
  widgets: {
    account_preferences: defineLazyWidget(NO_OPTIONS, () => import('./PreferencesWidget').then((m) => m.PreferencesWidget)),
    account_two_factor: defineLazyWidget(NO_OPTIONS, () => import('./TwoFactorWidget').then((m) => m.TwoFactorWidget)),
    account_passkeys: defineLazyWidget(NO_OPTIONS, () => import('./PasskeysWidget').then((m) => m.PasskeysWidget)),
    account_change_password: defineLazyWidget(NO_OPTIONS, () => import('./ChangePasswordWidget').then((m) => m.ChangePasswordWidget)),
  },
} as const satisfies RegistryContribution;
