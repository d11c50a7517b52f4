// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';
import { manyDevices } from './listFixtures';

const server = useMswServer();

function open() {
  const api = fixtureApi(manyDevices());
  server.use(...api.handlers);
  const view = renderScreen('devices.list', { path: '/devices' });
  const lastList = () => [...api.requests].reverse().find((r) => r.path === '/api/devices' && r.query.get('limit') !== '1');
  return { ...view, api, lastList };
}
const pagination = () => screen.getByRole('navigation', { name: 'Pagination' });

describe('a list screen: pages and sort', () => {
  it('asks for the first page in the default sort, with a Range header, and shows the total', async () => {
    const { lastList } = open();
    expect(await within(await screen.findByRole('navigation', { name: 'Pagination' })).findByText('1-10 of 60')).toBeInTheDocument();
    expect(lastList()?.query.get('sort')).toBe('added_on');
    expect(lastList()?.query.get('order')).toBe('desc');
    expect(lastList()?.headers.get('Range')).toBe('devices=0-9');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(within(pagination()).getByRole('combobox', { name: 'Rows per page' })).toHaveDisplayValue('10');
    expect(
      within(pagination())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25', '50']);
  });

  it('moves to the next page and jumps to a page, between 1 and the page count', async () => {
    const user = userEvent.setup();
    const { lastList } = open();
    await within(await screen.findByRole('navigation', { name: 'Pagination' })).findByText('1-10 of 60');
    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    await within(pagination()).findByText('11-20 of 60');
    expect(lastList()?.query.get('skip')).toBe('10');
    const jump = within(pagination()).getByRole('spinbutton', { name: 'Go to page' });
    await user.type(jump, '9{Enter}');
    expect(within(pagination()).getByText('Page 2 of 6')).toBeInTheDocument();
    await user.type(jump, '6{Enter}');
    await within(pagination()).findByText('51-60 of 60');
    expect(lastList()?.query.get('skip')).toBe('50');
    expect(within(pagination()).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows the page-jump box only above 5 pages; a new page size starts at page 1', async () => {
    const user = userEvent.setup();
    const { lastList } = open();
    await within(await screen.findByRole('navigation', { name: 'Pagination' })).findByText('1-10 of 60');
    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    await user.selectOptions(within(pagination()).getByRole('combobox', { name: 'Rows per page' }), '25');
    await within(pagination()).findByText('1-25 of 60');
    expect(lastList()?.query.get('limit')).toBe('25');
    expect(within(pagination()).queryByRole('spinbutton', { name: 'Go to page' })).toBeNull();
  });

  it('sorts by a sortable column, ascending then descending', async () => {
    const user = userEvent.setup();
    const { lastList } = open();
    await within(await screen.findByRole('navigation', { name: 'Pagination' })).findByText('1-10 of 60');
    const header = screen.getByRole('columnheader', { name: /IMEI/ });
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastList()?.query.get('sort')).toBe('external_id'));
    expect(lastList()?.query.get('order')).toBe('asc');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastList()?.query.get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: /Manufacturer/ }).querySelector('button')).toBeNull();
  });

  it('goes to the record on a row click or Enter', async () => {
    const user = userEvent.setup();
    const { location } = open();
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    await user.click(within(row).getAllByRole('cell')[2] as HTMLElement);
    expect(location.history.at(-1)).toMatch(/^\/devices\/\d+\/show$/);
    row.focus();
    await user.keyboard('{Enter}');
    expect(location.history.at(-1)).toMatch(/^\/devices\/\d+\/show$/);
  });
});

describe('a list screen keeps its state in its address', () => {
  it('opens the list its address describes: search, search field, sort, page, page size and filters', async () => {
    const api = fixtureApi(manyDevices());
    server.use(...api.handlers);
    renderScreen('devices.list', { path: '/devices?sort=external_id&order=desc&page=2&perPage=5&device_type=weight_scale' });
    await within(await screen.findByRole('navigation', { name: 'Pagination' })).findByText(/^6-10 of/);
    const request = [...api.requests].reverse().find((r) => r.path === '/api/devices' && r.query.get('limit') !== '1');
    expect(request?.query.get('sort')).toBe('external_id');
    expect(request?.query.get('order')).toBe('desc');
    expect(request?.query.get('limit')).toBe('5');
    expect(request?.query.get('skip')).toBe('5');
    expect(JSON.parse(request?.query.get('filter') ?? '{}')).toMatchObject({ 'device_type[eq]': 'weight_scale' });
    expect(within(pagination()).getByRole('combobox', { name: 'Rows per page' })).toHaveDisplayValue('5');
  });

  it('writes each change into the address as a new history entry, defaults left out', async () => {
    const user = userEvent.setup();
    const { location } = open();
    await within(await screen.findByRole('navigation', { name: 'Pagination' })).findByText('1-10 of 60');
    await user.click(within(pagination()).getByRole('button', { name: 'Next' }));
    await within(pagination()).findByText('11-20 of 60');
    expect(location.history.at(-1)).toBe('/devices?page=2');
    await user.selectOptions(within(pagination()).getByRole('combobox', { name: 'Rows per page' }), '25');
    await within(pagination()).findByText('1-25 of 60');
    expect(location.history.at(-1)).toBe('/devices?perPage=25');
    expect(location.history.slice(-3)).toEqual(['/devices', '/devices?page=2', '/devices?perPage=25']);
  });

  it('offers Retry when the first load fails, and keeps the rows under a notice when a refresh fails', async () => {
    const user = userEvent.setup();
    const { http, HttpResponse } = await import('msw');
    const api = fixtureApi(manyDevices());
    server.use(
      http.get('*/api/devices', () => HttpResponse.json({ detail: 'db down' }, { status: 500 }), { once: true }),
      ...api.handlers,
    );
    const { queryClient } = renderScreen('devices.list', { path: '/devices' });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await within(await screen.findByRole('navigation', { name: 'Pagination' })).findByText('1-10 of 60');

    server.use(http.get('*/api/devices', () => HttpResponse.json({ detail: 'db down' }, { status: 500 }), { once: true }));
    await queryClient.refetchQueries();
    expect(await screen.findByRole('alert')).toHaveTextContent('The list could not be refreshed, so what it shows may be out of date.');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/could not be refreshed/)).toBeNull());
  });
});
