import { http, HttpResponse } from 'msw';
import { permissionMap } from '../../../../src/domain/permissions';
import type { Role } from '../../../../src/domain/roles';
import { fakeToken } from './fakeToken';

export interface FakeUser {
  id: number;
  role: Role;
  is_internal: boolean;
  full_name: string;
  email: string;
  tenant_id: number | null;
  mfa_enabled?: boolean;
  attendance_tracking_enabled?: boolean;
  settings?: Record<string, unknown>;
}

export const PROVIDER_ADMIN: FakeUser = {
  id: 5,
  role: 'admin',
  is_internal: false,
  full_name: 'Alex Northam',
  email: 'admin@northwind.demo.example',
  tenant_id: 1,
};

export const INTERNAL_ADMIN: FakeUser = {
  id: 2,
  role: 'internal_admin',
  is_internal: true,
  full_name: 'Ines Admin',
  email: 'internal.admin@demo.example',
  tenant_id: null,
  attendance_tracking_enabled: true,
};

/** The answer of a sign-in or refresh for a user. */
export const tokenBody = (user: FakeUser, ttlSeconds = 900) => ({
  access_token: fakeToken({ sub: String(user.id), role: user.role, tenant_id: user.tenant_id }, ttlSeconds),
  token_expiry: ttlSeconds,
  token_type: 'bearer',
});

/** The session calls of spec 000 section 7 for one user, as the real server answers them. */
export function sessionHandlers(user: FakeUser, site = { is_demo: true, version: '0.4.0', environment: 'demo' }) {
  return [
    http.get('*/api/', () => HttpResponse.json(site)),
    http.get('*/api/auth/refresh', () => HttpResponse.json(tokenBody(user))),
    http.get('*/api/auth/logout', () => HttpResponse.json({ message: 'Logged out.' })),
    http.get('*/api/permissions', () => HttpResponse.json(permissionMap(user))),
    http.get(`*/api/users/${user.id}/identity`, () =>
      HttpResponse.json({
        ...user,
        fullName: user.full_name,
        tenantId: user.tenant_id,
        mfa_enabled: user.mfa_enabled ?? false,
        attendance_tracking_enabled: user.attendance_tracking_enabled ?? false,
        settings: user.settings ?? { user_timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        permissions: permissionMap(user),
      }),
    ),
    http.get('*/api/feature-flags', () => HttpResponse.json({ clinical_activities: 'true' })),
    http.get('*/api/providers/:id', ({ params }) => HttpResponse.json({ id: Number(params.id), name: 'Northwind Clinic' })),
    http.put('*/api/users/settings', () => HttpResponse.json({ settings: {}, preferred_mfa_method: null })),
    http.get('*/signature.json', () => HttpResponse.json({ version: '0.0.0' })),
  ];
}
