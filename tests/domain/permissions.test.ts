import { describe, expect, it } from 'vitest';
import { grantsOf, PERMISSIONS, permissionMap, scopeFor, scopeOf } from '../../src/domain/permissions';
import { INTERNAL_ROLES, PROVIDER_ROLES } from '../../src/domain/roles';

describe('permission table', () => {
  it('gives internal roles no tenant scope (they have no tenant of their own)', () => {
    for (const role of INTERNAL_ROLES) {
      expect(Object.values(PERMISSIONS[role]), role).not.toContain('tenant');
    }
  });

  it('never gives a provider role a cross-tenant scope', () => {
    for (const role of PROVIDER_ROLES) {
      expect(Object.values(PERMISSIONS[role]), role).not.toContain('all');
    }
  });

  it('refuses patients everything', () => {
    expect(PERMISSIONS.patient).toEqual({});
  });

  it('hides device creation from internal_clinician and offers it to provider admins (spec 000 section 6)', () => {
    expect(scopeOf('internal_clinician', 'devices.create')).toBeUndefined();
    expect(scopeOf('admin', 'devices.create')).toBe('tenant');
    expect(scopeOf('internal_admin', 'devices.create')).toBe('all');
  });

  it('shows the providers list only to roles whose tenants.list is all', () => {
    expect(scopeOf('superadmin', 'tenants.list')).toBe('all');
    expect(scopeOf('admin', 'tenants.list')).toBeUndefined();
  });

  it('sends the map with is_internal and role for the console', () => {
    const map = permissionMap({ role: 'clinician', is_internal: false });
    expect(map).toMatchObject({ is_internal: false, role: 'clinician', 'patients.list': 'tenant' });
    expect(map['devices.create']).toBeUndefined();
  });

  it('grants an analyst publishing by their account’s flag, and nobody else by it', () => {
    expect(grantsOf('product_analyst', { may_publish_screens: true })).toEqual(['screens.publish']);
    expect(grantsOf('product_analyst', { may_publish_screens: false })).toEqual([]);
    expect(grantsOf('internal_clinician', { may_publish_screens: true })).toEqual([]);
    const analyst = { role: 'product_analyst' as const, is_internal: true, grants: grantsOf('product_analyst', { may_publish_screens: true }) };
    expect(scopeFor(analyst, 'screens.publish')).toBe('all');
    expect(scopeFor({ ...analyst, grants: [] }, 'screens.publish')).toBeUndefined();
    expect(scopeFor(analyst, 'patients.list')).toBeUndefined();
    expect(permissionMap(analyst)).toMatchObject({ 'screens.edit': 'all', 'screens.publish': 'all', role: 'product_analyst' });
  });
});
