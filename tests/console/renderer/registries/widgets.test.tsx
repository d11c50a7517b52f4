// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WidgetSlot } from '../../../../src/console/renderer/parts/WidgetSlot';
import { widgetRegistry } from '../../../../src/console/renderer/registries/widgets';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const location = { file: 'screens/locations.show.json', path: '/tabs/0/show/cards/0/widget' };

describe('widgets', () => {
  it('resource_count: the total of a filtered list, read from Content-Range with one row', async () => {
    const api = fixtureApi();
    server.use(...api.handlers);
    renderPart(<WidgetSlot widget={{ name: 'resource_count', options: { resource: 'devices', label: 'Pending devices', filter: { 'location_id[eq]': '{record.id}', 'status[eq]': 'pending' } } }} location={location} />, {
      record: { id: 10 },
    });
    expect(screen.getByText('Pending devices')).toBeInTheDocument();
    expect(await screen.findByText('1')).toBeInTheDocument();
    const request = api.requests.find((r) => r.path === '/api/devices');
    expect(JSON.parse(request?.query.get('filter') ?? '')).toEqual({ 'location_id[eq]': 10, 'status[eq]': 'pending' });
    expect(request?.headers.get('Range')).toBe('devices=0-0');
  });

  it('an unknown widget fails naming the file and the JSON path', () => {
    expect(() => renderPart(<WidgetSlot widget={{ name: 'chart' }} location={location} />)).toThrow(
      'screens/locations.show.json: /tabs/0/show/cards/0/widget/name: unknown widget "chart"; known: resource_count',
    );
  });

  it('covers every widget of the registry', () => {
    expect(Object.keys(widgetRegistry)).toEqual(['resource_count']);
  });
});
