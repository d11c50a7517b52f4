import { permissionMap } from '../../../src/domain/permissions';
import type { Role } from '../../../src/domain/roles';
import { isInternalRole } from '../../../src/domain/roles';
import type { ScreenEnvironment } from '../../../src/console/renderer/core/context';

/** A signed-in user as the shell would describe it, with the real permission table of its role. */
export function environmentFor(role: Role, overrides: Partial<ScreenEnvironment> = {}): ScreenEnvironment {
  const internal = isInternalRole(role);
  const tenant = internal ? null : 1;
  return {
    identity: {
      id: internal ? 100 : 200,
      fullName: `Test ${role}`,
      full_name: `Test ${role}`,
      email: `${role}@test.example`,
      role,
      tenant_id: tenant,
      tenantId: tenant,
      is_internal: internal,
      mfa_enabled: true,
      settings: { user_timezone: 'America/New_York' },
    },
    permissions: permissionMap({ role, is_internal: internal }),
    featureFlags: {},
    environment: { is_demo: false, environment: 'test', version: '0.4.0' },
    ...overrides,
  };
}

export const INTERNAL_ADMIN = environmentFor('internal_admin');
export const PROVIDER_ADMIN = environmentFor('admin');
export const PROVIDER_STAFF = environmentFor('staff');
