import { describe, expect, it } from 'vitest';
import type { ScreenDefinition } from '../../../../schemas/screen';
import { bundledScreens, currentFormat, routePattern } from '../../../../src/console/renderer/core/definitions';
import { at, resolveEntry } from '../../../../src/console/renderer/core/resolve';
import { screenRoutes } from '../../../../src/console/renderer/screenRoutes';

describe('definitions', () => {
  it('bundles every file of screens/ by id, and routes to each', () => {
    expect(bundledScreens.get('devices.list')?.file).toBe('screens/devices.list.json');
    expect(screenRoutes).toMatchObject({
      '/devices': 'devices.list',
      '/devices/:id/show': 'devices.show',
      '/device-issues': 'device-issues.list',
      '/locations/:id/show/:tab?': 'locations.show',
      '/': 'home.dashboard',
    });
  });

  it('gives a tabs screen with the tab in its path an optional last segment', () => {
    const tabs = { kind: 'tabs', route: '/locations/:id/show', tabs: [] } as unknown as ScreenDefinition;
    expect(routePattern(tabs)).toBe('/locations/:id/show/:tab?');
    expect(routePattern({ ...tabs, tabIn: 'query' } as ScreenDefinition)).toBe('/locations/:id/show');
  });

  it('refuses a definition of a newer format', () => {
    const newer = { ...bundledScreens.get('devices.list')?.definition, formatVersion: 2 } as ScreenDefinition;
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
