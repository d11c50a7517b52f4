import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import { validateScreen } from '../../../../src/console/renderer/validation/validateScreen';

const load = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, '../../../../screens', name), 'utf8')) as unknown;
const FILE = 'screens/locations.show.json';

/** Breaks a loaded definition on purpose: the value at a JSON pointer (`/tabs/0/show/path`) is set, or deleted when undefined. */
function put(definition: unknown, pointer: string, value: unknown): void {
  const keys = pointer.split('/').slice(1);
  const last = keys.pop() ?? '';
  const parent = keys.reduce((node, key) => (node as Record<string, unknown>)[key], definition) as Record<string, unknown>;
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}

describe('a card table, card actions and a show body read from a path are checked like the rest of a definition', () => {
  it('a table names an array of records of the record, and columns of one row', () => {
    const broken = load('locations.show.json');
    put(broken, '/tabs/0/show/cards/1/table/columns/3/field', 'total');
    expect(validateScreen(broken, FILE, screenRegistries)).toContain(
      `${FILE}: /tabs/0/show/cards/1/table/columns/3/field: no field "total" in the DeviceCount entity schema`,
    );
  });

  it('refuses a table over a field that is not a list of records, or over no field', () => {
    const broken = load('locations.show.json');
    put(broken, '/tabs/0/show/cards/1/table/field', 'total_devices');
    expect(validateScreen(broken, FILE, screenRegistries)).toContain(`${FILE}: /tabs/0/show/cards/1/table/field: "total_devices" is not a list of records`);
    put(broken, '/tabs/0/show/cards/1/table/field', 'device_counts');
    expect(validateScreen(broken, FILE, screenRegistries)).toContain(
      `${FILE}: /tabs/0/show/cards/1/table/field: no field "device_counts" in the LocationDetails entity schema`,
    );
  });

  it('a card holds one of fields, list, widget and table, or only actions', () => {
    const broken = load('locations.show.json');
    put(broken, '/tabs/0/show/cards/0/widget', { name: 'resource_count', options: { resource: 'devices', label: 'All' } });
    expect(validateScreen(broken, FILE, screenRegistries)).toContain(
      `${FILE}: /tabs/0/show/cards/0: a card has exactly one of fields, list, widget and table, or only actions`,
    );
    put(broken, '/tabs/0/show/cards/0', { title: 'Nothing' });
    expect(validateScreen(broken, FILE, screenRegistries)).toContain(
      `${FILE}: /tabs/0/show/cards/0: a card has exactly one of fields, list, widget and table, or only actions`,
    );
  });

  it("an action's path and a show body's path read real fields; an action's entity must be known", () => {
    const broken = load('locations.show.json');
    put(broken, '/tabs/0/show/path', '/locations/{uuid}/details');
    put(broken, '/tabs/0/show/actions/1/path', '/locations/{slug}/set-owner');
    const problems = validateScreen(broken, FILE, screenRegistries);
    expect(problems).toContain(`${FILE}: /tabs/0/show/path: no field "uuid" in the LocationDetails entity schema`);
    expect(problems).toContain(`${FILE}: /tabs/0/show/actions/1/path: no field "slug" in the LocationDetails entity schema`);

    const testing = load('testing.dashboard.json');
    put(testing, '/sections/1/actions/0/entity', 'testGadget');
    expect(
      validateScreen(testing, 'screens/testing.dashboard.json', screenRegistries).some((p) =>
        p.startsWith('screens/testing.dashboard.json: /sections/1/actions/0/entity: unknown entity "testGadget"'),
      ),
    ).toBe(true);
    put(testing, '/sections/1/actions/0/entity', undefined);
    expect(
      validateScreen(testing, 'screens/testing.dashboard.json', screenRegistries).some((p) =>
        p.startsWith('screens/testing.dashboard.json: /sections/1/actions/0/resource: no entity schema for resource ""'),
      ),
    ).toBe(true);
  });
});
