import type { PermissionKey, Scope } from '../../domain/permissions';
import type { Role } from '../../domain/roles';

/** Who is looking at the menu: what GET /permissions, GET users/{sub}/identity and GET / report. */
export interface Viewer {
  role: string;
  isInternal: boolean;
  /** The permission map: key -> scope ('all' | 'tenant' | 'own'); an absent key is denied. */
  permissions: Readonly<Record<string, unknown>>;
  attendanceTracking: boolean;
  environment: string;
}

/**
 * The checks an item must pass to be shown (spec 000 sections 2.1 and 6). Every check that is
 * present must pass; an empty gate shows the item to everyone signed in.
 */
export interface MenuGate {
  roles?: readonly Role[];
  permission?: PermissionKey;
  /** The permission must reach this far, e.g. tenants.list `all` for Providers. */
  scope?: Scope;
  /** `internal`: internal users only; `provider`: non-internal users only (Billing). */
  audience?: 'internal' | 'provider';
  /** Hidden in production. */
  devOnly?: boolean;
  /** Needs the user's attendance tracking. */
  attendance?: boolean;
}

/** Whether a viewer passes a gate. */
export function canSee(gate: MenuGate, viewer: Viewer): boolean {
  const granted = gate.permission === undefined ? undefined : viewer.permissions[gate.permission];
  const checks = [
    gate.roles === undefined || gate.roles.some((role) => role === viewer.role),
    gate.permission === undefined || (typeof granted === 'string' && (gate.scope === undefined || granted === gate.scope)),
    gate.audience === undefined || (gate.audience === 'internal') === viewer.isInternal,
    !gate.devOnly || viewer.environment !== 'production',
    !gate.attendance || viewer.attendanceTracking,
  ];
  return checks.every(Boolean);
}

/** The entries of `items` the viewer may see, in order; `visibleItems(MENU_GROUPS[0].items, viewer)`. */
export function visibleItems<T extends { gate: MenuGate }>(items: readonly T[], viewer: Viewer): T[] {
  return items.filter((item) => canSee(item.gate, viewer));
}

/** The groups as the viewer sees them: their visible items, and no group left empty. */
export function visibleMenu<G extends { items: readonly { gate: MenuGate }[] }>(groups: readonly G[], viewer: Viewer): G[] {
  return groups.map((group) => ({ ...group, items: visibleItems(group.items, viewer) })).filter((group) => group.items.length > 0);
}
