import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { changePasswordWidget } from './ChangePasswordWidget';
import { lastLoginCell } from './LastLoginCell';
import { passkeysWidget } from './PasskeysWidget';
import { preferencesWidget } from './PreferencesWidget';
import { twoFactorWidget } from './TwoFactorWidget';

/** The account page (spec 002 "Account"): its last-login cell and the widgets of its cards. */
export const accountFeature = {
  cells: { last_login: lastLoginCell },
  widgets: {
    account_preferences: preferencesWidget,
    account_two_factor: twoFactorWidget,
    account_passkeys: passkeysWidget,
    account_change_password: changePasswordWidget,
  },
} as const satisfies RegistryContribution;
