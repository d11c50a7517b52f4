import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { userRules } from './userRules';

/** Users and internal users (spec 002): the edit page's Roles and Locations tabs, and the rule that nobody disables their own account. */
export const usersFeature = {
  rules: userRules,
  widgets: {
    user_roles: defineLazyWidget(NO_OPTIONS, () => import('./UserRolesWidget').then((m) => m.UserRolesWidget)),
    user_locations: defineLazyWidget(NO_OPTIONS, () => import('./UserLocationsWidget').then((m) => m.UserLocationsWidget)),
  },
} satisfies RegistryContribution;
