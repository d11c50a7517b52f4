import type { Viewer } from './menuAccess';
import type { FeatureFlags, Identity, PermissionMap, SiteInfo } from './sessionQueries';

/** Everything the shell and the screens know about the signed-in user and the site. */
export interface ShellSession {
  identity: Identity;
  permissions: PermissionMap;
  featureFlags: FeatureFlags;
  site: SiteInfo;
  viewer: Viewer;
  /** The provider's name for provider users; the product's name for internal users (they have no tenant). */
  organisationName: string;
}

/** The viewer the menu gates read, from the identity, the permission map and GET /. */
export function viewerOf(identity: Identity, permissions: PermissionMap, site: SiteInfo): Viewer {
  return {
    role: identity.role,
    isInternal: identity.is_internal,
    permissions,
    attendanceTracking: identity.attendance_tracking_enabled === true,
    environment: site.environment,
  };
}
