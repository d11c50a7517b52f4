// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScreenDefinition } from '../../schemas/screen';
import { isScreenFile } from '../../schemas/screenFormat';
import { routePattern } from '../../src/console/renderer/core/routePattern';
import { screenRegistries } from '../../src/console/features';
import { validateScreen } from '../../src/console/renderer/validation/validateScreen';
import { ariaOutline } from '../console/helpers/ariaOutline';
import '../console/helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN } from '../console/helpers/environments';
import { templateHandlers } from '../console/features/activityBuilder/templateFixtures';
import { fixtureApi } from '../console/helpers/fixtureApi';
import { useMswServer } from '../console/helpers/msw';
import { renderScreen } from '../console/helpers/renderScreen';

const SCREENS = join(import.meta.dirname, '../../screens');
const files = readdirSync(SCREENS).filter(isScreenFile).sort();
const load = (name: string): unknown => JSON.parse(readFileSync(join(SCREENS, name), 'utf8'));

describe('every screen definition', () => {
  it.each(files)('%s passes the meta-schema, the registries and the entity schemas', (name) => {
    expect(validateScreen(load(name), `screens/${name}`, screenRegistries)).toEqual([]);
  });

  it.each(files)('%s is named after its id', (name) => {
    expect(`${(load(name) as ScreenDefinition).id}.json`).toBe(name);
  });

  it('covers the screens of the console issue', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        ...[
          'devices.list.json',
          'devices.show.json',
          'device-issues.list.json',
          'locations.list.json',
          'locations.show.json',
          'providers.list.json',
          'users.list.json',
          'home.dashboard.json',
        ],
        ...['patients.list.json', 'providers.create.json', 'providers.edit.json', 'users.edit.json'],
      ]),
    );
  });
});

describe('a broken definition', () => {
  const devicesList = () => load('devices.list.json') as Record<string, unknown> & { columns: Record<string, unknown>[] };

  it('fails with the file and the JSON path of each problem', () => {
    const broken = devicesList();
    broken.columns[0] = { ...broken.columns[0], cell: 'imeii' };
    broken.columns[2] = { ...broken.columns[2], field: 'manufacturer' };
    broken.filters = [{ type: 'checkbox', field: 'status' }];
    const problems = validateScreen(broken, 'screens/devices.list.json', screenRegistries);
    expect(
      problems.some((p) =>
        p.startsWith('screens/devices.list.json: /columns/0/cell: unknown cell "imeii"; known: activity, age, attendance_check_out, attendance_details, badge'),
      ),
    ).toBe(true);
    expect(problems).toContain('screens/devices.list.json: /columns/2/field: no field "manufacturer" in the Device entity schema');
    expect(problems.some((p) => p.startsWith('screens/devices.list.json: /filters/0/type: unknown filter "checkbox"'))).toBe(true);
  });

  it('fails the meta-schema with the path of the unknown property', () => {
    const broken = { ...devicesList(), colums: [] };
    expect(validateScreen(broken, 'screens/devices.list.json', screenRegistries)).toContain(
      'screens/devices.list.json: /: must NOT have additional properties "colums"',
    );
  });

  it('fails on options its registry entry refuses, a wrong permission key and a newer format', () => {
    const broken = devicesList();
    broken.columns[5] = { ...broken.columns[5], options: { resource: 'providers' } };
    broken.access = { permission: 'devices.lst' };
    broken.formatVersion = 2;
    const problems = validateScreen(broken, 'screens/devices.list.json', screenRegistries);
    expect(problems).toEqual(
      expect.arrayContaining([
        "screens/devices.list.json: /columns/5/options: must have required property 'label'",
        'screens/devices.list.json: /access/permission: unknown permission key "devices.lst"',
        'screens/devices.list.json: /formatVersion: format 2 is newer than this console reads (1)',
      ]),
    );
  });

  it('fails a record panel whose default tab is not one of its tabs, a tab with neither a list nor a widget, and a badge filter on a field the resource lacks', () => {
    const broken = load('patients.show.json') as {
      panel: { tabs: Record<string, unknown>[]; defaultTab: { tab: string }[]; badge: { filter: Record<string, unknown> } };
    };
    broken.panel.defaultTab[0] = { tab: 'activty' };
    broken.panel.tabs[1] = { key: 'monitoring', label: 'Monitoring' };
    broken.panel.badge.filter = { 'asigned_to_id[eq]': '{identity.id}' };
    const problems = validateScreen(broken, 'screens/patients.show.json', screenRegistries);
    expect(problems).toEqual(
      expect.arrayContaining([
        'screens/patients.show.json: /panel/defaultTab/0/tab: "activty" is not a tab of this panel',
        'screens/patients.show.json: /panel/tabs/1: a panel tab has a list, a widget or both',
      ]),
    );
    expect(problems.some((p) => p.startsWith('screens/patients.show.json: /panel/badge/filter'))).toBe(true);
  });
});

describe('a broken tabs screen of forms', () => {
  type Tabs = Record<string, unknown> & { tabs: Record<string, unknown>[] };
  const providerEdit = () => load('providers.edit.json') as Tabs;

  it('fails an unknown tab style, and access without its forbidden text', () => {
    const broken = providerEdit();
    broken.tabStyle = 'sidebar';
    expect(validateScreen(broken, 'screens/providers.edit.json', screenRegistries)).toContain(
      'screens/providers.edit.json: /tabStyle: must be equal to one of the allowed values: tabs, side',
    );
    const unworded = providerEdit();
    unworded.tabs[2] = { ...unworded.tabs[2], access: { permission: 'tenants.billing' } };
    expect(validateScreen(unworded, 'screens/providers.edit.json', screenRegistries)).toContain(
      'screens/providers.edit.json: /tabs/2: must have property forbidden when property access is present',
    );
    const misnamed = providerEdit();
    misnamed.tabs[2] = { ...misnamed.tabs[2], access: { permission: 'tenants.biling' }, forbidden: 'No access.' };
    expect(validateScreen(misnamed, 'screens/providers.edit.json', screenRegistries)).toContain(
      'screens/providers.edit.json: /tabs/2/access/permission: unknown permission key "tenants.biling"',
    );
  });

  it('fails a form tab on a screen without a resource, and a form whose field the entity lacks', () => {
    const broken = providerEdit();
    delete broken.resource;
    let problems = validateScreen(broken, 'screens/providers.edit.json', screenRegistries);
    expect(problems).toContain('screens/providers.edit.json: /tabs/0/form: a tab\'s form edits the screen\'s record: the screen needs "resource"');
    const misspelt = providerEdit();
    const ai = misspelt.tabs[2] as { form: Record<string, unknown> };
    misspelt.tabs[2] = { ...ai, form: { ...ai.form, fields: ['llm_summary_enabld'] } };
    problems = validateScreen(misspelt, 'screens/providers.edit.json', screenRegistries);
    expect(problems.some((p) => p.startsWith('screens/providers.edit.json: /tabs/2/form') && p.includes('llm_summary_enabld'))).toBe(true);
  });

  it('fails a tab with a form and a list', () => {
    const broken = providerEdit();
    broken.tabs[1] = { ...broken.tabs[1], show: undefined, list: { resource: 'providers', columns: [{ field: 'name' }] } };
    expect(validateScreen(JSON.parse(JSON.stringify(broken)), 'screens/providers.edit.json', screenRegistries)).toContain(
      'screens/providers.edit.json: /tabs/1: a tab has exactly one of list, show (a form, with or without a show under it) and tabs',
    );
  });
});

/** The record each show-like screen opens with, from the fixtures. */
const PATHS: Record<string, string> = {
  'devices.show': '/devices/1/show',
  'locations.show': '/locations/10/show',
  'locations.edit': '/locations/10/edit',
  'patient-groups.show': '/patient-groups/40/show',
  'patients.edit': '/patients/30',
  'patients.show': '/patients/30/show',
  'patients.clinical': '/patients/30/show/clinical/metrics',
  'providers.edit': '/providers/1/edit',
  'users.edit': '/users/200/edit',
  'internal-users.edit': '/internal-users/200/edit',
  'support-tickets.show': '/support-tickets/1/show',
  'reports.show': '/reports/1/show',
  // A draft activity (its steps, one a draft) and a published step (read only, its preview).
  'clinical-activities.activity': '/clinical-activities/activity/2',
  'clinical-activities.step': '/clinical-activities/step/11',
};

/** Who opens each screen, when an internal admin may not: /billing is for provider users (spec 002 section 2). */
const ENVIRONMENTS: Record<string, typeof INTERNAL_ADMIN> = { 'billing.show': PROVIDER_ADMIN };

/** Home, My Attendance and My Availability are a tracked user's (attendance_tracking_enabled): an internal admin who checks in. */
const TRACKED_ADMIN = { ...INTERNAL_ADMIN, identity: { ...INTERNAL_ADMIN.identity, attendance_tracking_enabled: true } };
for (const id of ['home.dashboard', 'attendance.my', 'account.availability']) ENVIRONMENTS[id] = TRACKED_ADMIN;

/** A patient's open support ticket (the fixture API has none). */
const SUPPORT_TICKET = {
  id: 1,
  tenant_id: 1,
  user_id: 40,
  patient_id: 30,
  category: 'device',
  description: 'My cuff does not pair',
  device_id: 1,
  status: 'open',
  closed: false,
  created_on: '2026-05-20T10:00:00Z',
  reviewed_on: null,
  user: { id: 40, full_name: 'Ada Byron' },
};
const supportTicketsHandler = http.get('*/api/support-tickets', () =>
  HttpResponse.json([SUPPORT_TICKET], { headers: { 'Content-Range': 'support-tickets 0-0/1' } }),
);

/** Calls a screen makes beyond the fixture resources: the account page reads the signed-in user and their passkeys. */
const EXTRA_HANDLERS: Record<string, () => HttpHandler[]> = {
  'support-tickets.list': () => [supportTicketsHandler],
  // The template builders' calls (the fixture API has no templates).
  'clinical-activities.list': templateHandlers,
  'clinical-activities.activity': templateHandlers,
  'clinical-activities.step': templateHandlers,
  // Home's Check-In: checked in (attendance 2 of the fixtures, still open).
  'home.dashboard': () => [
    http.get('*/api/attendances/ongoing', () => HttpResponse.json({ id: 2 })),
    http.get('*/api/metrics/user', () =>
      HttpResponse.json({
        patients_under_care: 42,
        patients_enrolled_this_month: 3,
        patients_enrolled: 57,
        monitoring_notes_count: 18,
        monitoring_minutes_sum: 240,
        open_tasks: 5,
        completed_tasks: 31,
      }),
    ),
  ],
  'support-tickets.show': () => [http.get('*/api/support-tickets/1', () => HttpResponse.json(SUPPORT_TICKET))],
  'account.show': () => [
    http.get('*/api/users/:id/identity', () =>
      HttpResponse.json({ ...INTERNAL_ADMIN.identity, totp_enabled: true, has_passkey: false, preferred_mfa_method: 'totp', last_login: null }),
    ),
    http.get('*/api/auth/webauthn/keys', () => HttpResponse.json([{ id: 1, name: 'Work laptop', created_on: '2026-05-20T14:00:00Z' }])),
    http.get('*/api/auth-logs', () =>
      HttpResponse.json(
        [{ id: 5, timestamp: '2026-05-31T09:00:00Z', event_type: 'login_success', user_id: 100, ip_address: '203.0.113.7', user_agent: 'Mozilla/5.0 Chrome' }],
        { headers: { 'Content-Range': 'auth-logs 0-0/1' } },
      ),
    ),
  ],
};

/**
 * Each screen's outline (tests/console/helpers/ariaOutline.ts) is kept in `outlines/{id}.txt`: the
 * roles, names and texts a user meets, in order, so that a change to a definition or to the renderer
 * shows as a readable diff. After an intended change, `npx vitest run tests/screens -u` rewrites them.
 */
describe('every screen renders with fixture data', () => {
  const server = useMswServer();
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
  });
  afterAll(() => vi.useRealTimers());

  it.each(files)('%s', async (name) => {
    const definition = load(name) as ScreenDefinition;
    server.use(...(EXTRA_HANDLERS[definition.id]?.() ?? []), ...fixtureApi().handlers);
    const { container, queryClient } = renderScreen(definition.id, {
      path: PATHS[definition.id] ?? routePattern(definition),
      environment: ENVIRONMENTS[definition.id] ?? INTERNAL_ADMIN,
    });
    await waitFor(() => {
      expect(screen.queryByText('Loading…')).toBeNull();
      expect(queryClient.isFetching()).toBe(0);
    });
    await expect(ariaOutline(container)).toMatchFileSnapshot(`./outlines/${definition.id}.txt`);
  });
});
