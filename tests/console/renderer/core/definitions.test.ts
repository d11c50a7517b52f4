import { describe, expect, it } from 'vitest';
import type { ScreenDefinition } from '../../../../schemas/screen';
import { bundledScreens } from '../../../../src/console/renderer/core/definitions';
import { currentFormat } from '../../../../src/console/renderer/core/formatVersion';
import { bundledDefinition } from '../../../../src/console/renderer/screenFiles';
import { routePattern } from '../../../../src/console/renderer/core/routePattern';
import { at, resolveEntry } from '../../../../src/console/renderer/core/resolve';
import { screenRoutes } from '../../../../src/console/renderer/screenRoutes';

describe('definitions', () => {
  it('bundles every file of screens/ by id, and routes to each', async () => {
    expect(bundledScreens.get('devices.list')).toMatchObject({ file: 'screens/devices.list.json', pattern: '/devices' });
    expect((await bundledDefinition('devices.list')?.preload())?.definition).toMatchObject({ id: 'devices.list', kind: 'list', route: '/devices' });
    // A form's shared fragment is merged in as the file arrives.
    const create = await bundledDefinition('patients.create')?.preload();
    expect(create?.definition).toHaveProperty('form.sections');
    expect(create?.definition).not.toHaveProperty('form.fragment');
    expect(bundledDefinition('no.such-screen')).toBeUndefined();
    expect(screenRoutes).toMatchObject({
      '/devices': 'devices.list',
      '/devices/:id/show': 'devices.show',
      '/device-issues': 'device-issues.list',
      '/locations/:id/show/:tab?': 'locations.show',
      '/': 'home.dashboard',
    });
  });

  it('gives a tabs screen with the tab in its path an optional last segment', () => {
    const tabs = { kind: 'tabs', route: '/locations/:id/show', tabs: [{ key: 'a' }] };
    expect(routePattern(tabs)).toBe('/locations/:id/show/:tab?');
    expect(routePattern({ ...tabs, tabIn: 'query' })).toBe('/locations/:id/show');
    expect(routePattern({ ...tabs, tabs: [{ key: 'a', tabs: [{ key: 'b' }] }] })).toBe('/locations/:id/show/:tab?/:subtab?');
  });

  it('refuses a definition of a newer format', async () => {
    const newer = { ...(await bundledDefinition('devices.list')?.preload())?.definition, formatVersion: 2 } as ScreenDefinition;
    expect(() => currentFormat(newer, 'screens/devices.list.json')).toThrow(
      'screens/devices.list.json: /formatVersion: format 2 is newer than this console reads (1)',
    );
  });

  it('resolves registry names or names the file and JSON path', () => {
    const location = { file: 'screens/a.json', path: '' };
    expect(resolveEntry({ text: 1 }, 'cell', 'text', at(location, 'columns', 0, 'cell'))).toBe(1);
    expect(() => resolveEntry({ text: 1 }, 'cell', 'txt', at(location, 'columns', 0, 'cell'))).toThrow(
      'screens/a.json: /columns/0/cell: unknown cell "txt"; known: text',
    );
    expect(at(location, 'uiSchema', 'a/b').path).toBe('/uiSchema/a~1b');
  });
});
