import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { userLocationsWidget } from './UserLocationsWidget';
import { userRolesWidget } from './UserRolesWidget';
import { userRules } from './userRules';

/** Users and internal users (spec 002): the edit page's Roles and Locations tabs, and the rule that nobody disables their own account. */
export const usersFeature = {
  rules: userRules,
  widgets: { user_roles: userRolesWidget, user_locations: userLocationsWidget },
} satisfies RegistryContribution;
