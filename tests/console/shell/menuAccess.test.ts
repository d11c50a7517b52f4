// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { permissionMap } from '../../../src/domain/permissions';
import type { Role } from '../../../src/domain/roles';
import { canSee, visibleMenu, type Viewer } from '../../../src/console/shell/menuAccess';
import { MENU_GROUPS } from '../../../src/console/shell/menuItems';

const viewer = (overrides: Partial<Viewer> = {}): Viewer => ({
  role: 'admin',
  isInternal: false,
  permissions: {},
  attendanceTracking: false,
  environment: 'demo',
  ...overrides,
});

describe('canSee', () => {
  it('shows an item without checks to everyone', () => {
    expect(canSee({}, viewer())).toBe(true);
  });

  it('needs one of the roles', () => {
    expect(canSee({ roles: ['superadmin', 'internal_admin'] }, viewer({ role: 'internal_admin' }))).toBe(true);
    expect(canSee({ roles: ['superadmin', 'internal_admin'] }, viewer({ role: 'internal_billing_admin' }))).toBe(false);
  });

  it('needs the permission, at the scope when one is named', () => {
    expect(canSee({ permission: 'devices.list' }, viewer({ permissions: { 'devices.list': 'tenant' } }))).toBe(true);
    expect(canSee({ permission: 'devices.list' }, viewer())).toBe(false);
    expect(canSee({ permission: 'tenants.list', scope: 'all' }, viewer({ permissions: { 'tenants.list': 'tenant' } }))).toBe(false);
    expect(canSee({ permission: 'tenants.list', scope: 'all' }, viewer({ permissions: { 'tenants.list': 'all' } }))).toBe(true);
  });

  it('does not take the map’s is_internal flag for a permission', () => {
    expect(canSee({ permission: 'devices.list' }, viewer({ permissions: { 'devices.list': false } }))).toBe(false);
  });

  it('keeps internal-only items from provider users and provider-only items from internal users', () => {
    expect(canSee({ audience: 'internal' }, viewer({ isInternal: true }))).toBe(true);
    expect(canSee({ audience: 'internal' }, viewer({ isInternal: false }))).toBe(false);
    expect(canSee({ audience: 'provider' }, viewer({ isInternal: true }))).toBe(false);
    expect(canSee({ audience: 'provider' }, viewer({ isInternal: false }))).toBe(true);
  });

  it('hides dev-only items in production only', () => {
    expect(canSee({ devOnly: true }, viewer({ environment: 'production' }))).toBe(false);
    expect(canSee({ devOnly: true }, viewer({ environment: 'demo' }))).toBe(true);
    expect(canSee({ devOnly: true }, viewer({ environment: 'development' }))).toBe(true);
  });

  it('needs attendance tracking for attendance items', () => {
    expect(canSee({ attendance: true }, viewer({ attendanceTracking: false }))).toBe(false);
    expect(canSee({ attendance: true }, viewer({ attendanceTracking: true }))).toBe(true);
  });

  it('needs every check that is present', () => {
    const gate = { roles: ['superadmin'] as Role[], audience: 'internal' as const, devOnly: true };
    expect(canSee(gate, viewer({ role: 'superadmin', isInternal: true }))).toBe(true);
    expect(canSee(gate, viewer({ role: 'superadmin', isInternal: true, environment: 'production' }))).toBe(false);
  });
});

describe('visibleMenu', () => {
  const menuOf = (role: Role, isInternal: boolean, extra: Partial<Viewer> = {}) =>
    visibleMenu(MENU_GROUPS, viewer({ role, isInternal, permissions: permissionMap({ role, is_internal: isInternal }), ...extra })).map((group) => [
      group.label,
      group.items.map((item) => item.label),
    ]);

  it('drops the groups that are left empty', () => {
    expect(menuOf('staff', false)).toEqual([
      ['General', ['Home']],
      ['Patient Management', ['All Patients', 'Patient Groups']],
      ['Clinical Operations', ['Tasks']],
      ['Management', ['Devices', 'Users']],
    ]);
  });

  it('gives Billing to a provider admin and never to an internal user', () => {
    expect(menuOf('admin', false)).toContainEqual(['Administrative Tools', ['Billing']]);
    expect(menuOf('superadmin', true).flatMap(([, items]) => items)).not.toContain('Billing');
  });

  it('shows Testing to the superadmin outside production only', () => {
    const adminTools = (environment: string) => menuOf('superadmin', true, { environment }).find(([label]) => label === 'Administrative Tools')?.[1];
    expect(adminTools('demo')).toContain('Testing');
    expect(adminTools('production')).not.toContain('Testing');
  });

  it('keeps the spec’s order of groups', () => {
    expect(menuOf('superadmin', true).map(([label]) => label)).toEqual([
      'General',
      'Patient Management',
      'Clinical Operations',
      'Management',
      'Administrative Tools',
      'Customer Service',
    ]);
  });
});
