import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import { validateScreen } from '../../../../src/console/renderer/validation/validateScreen';

const FILE = 'screens/users.list.json';
const load = () => JSON.parse(readFileSync(join(import.meta.dirname, '../../../..', FILE), 'utf8')) as { filters: { field: string }[] };

describe("a list's filters cannot take a key its address already uses", () => {
  it('refuses a filter on "page" (a key of every list) and on the tab parameter', () => {
    const broken = load();
    const filter = broken.filters[0];
    if (!filter) throw new Error('users.list.json has no filter');
    filter.field = 'page';
    expect(validateScreen(broken, FILE, screenRegistries).join('\n')).toContain(`${FILE}: /filters/0/field: "page" is a key of the list's address`);
    filter.field = 'status';
    expect(validateScreen(broken, FILE, screenRegistries).join('\n')).toContain(`${FILE}: /filters/0/field: "status" is a key of the list's address`);
  });
});
