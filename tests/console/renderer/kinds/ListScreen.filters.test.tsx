// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../helpers/dom';
import { INTERNAL_ADMIN, PROVIDER_ADMIN, PROVIDER_STAFF, environmentFor } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();

function open(environment = INTERNAL_ADMIN, id = 'devices.list', path = '/devices') {
  const api = fixtureApi();
  server.use(...api.handlers);
  renderScreen(id, { path, environment });
  const last = (path2: string) => [...api.requests].reverse().find((r) => r.path === path2 && r.query.get('limit') !== '1');
  return { api, last };
}

describe('a list screen: filters, tabs and gating', () => {
  it('filters by a select of the field values, from page 1, and clears', async () => {
    const user = userEvent.setup();
    const { last } = open();
    await screen.findByText('356938035643809');
    await user.click(screen.getByRole('button', { name: /Manufacturer/ }));
    await user.click(screen.getByRole('option', { name: 'Tenovi' }));
    await waitFor(() => expect(JSON.parse(last('/api/devices')?.query.get('filter') ?? '{}')).toEqual({ 'device_manufacturer[eq]': 'tenovi' }));
    await waitFor(() => expect(screen.queryByText('356938035643809')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('356938035643809')).toBeInTheDocument();
  });

  it('shows the provider filter and column to internal users only', async () => {
    open(PROVIDER_ADMIN);
    await screen.findByText('356938035643809');
    expect(screen.queryByRole('combobox', { name: 'Provider' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Provider' })).toBeNull();
  });

  it('shows the create button where devices.create is granted and the role is not internal_clinician', async () => {
    open(PROVIDER_ADMIN);
    expect(await screen.findByRole('link', { name: 'Create Device' })).toHaveAttribute('href', '/devices/create');
  });

  it('hides the create button from an internal clinician', async () => {
    open(environmentFor('internal_clinician'));
    await screen.findByText('356938035643809');
    expect(screen.queryByRole('link', { name: 'Create Device' })).toBeNull();
  });

  it('refuses the screen to a user without its permission', async () => {
    open(environmentFor('staff', { permissions: {} }));
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });

  it('filters by tab presets (Active, Inactive, All) over the fixed filter', async () => {
    const user = userEvent.setup();
    const { last } = open(PROVIDER_STAFF, 'users.list', '/users');
    expect(await screen.findByText('Nora Admin')).toBeInTheDocument();
    expect(JSON.parse(last('/api/users')?.query.get('filter') ?? '')).toEqual({ 'is_internal[eq]': false, 'is_active[eq]': true });
    await user.click(screen.getByRole('tab', { name: 'Inactive' }));
    expect(await screen.findByText('Sam Staff')).toBeInTheDocument();
    expect(screen.queryByText('Nora Admin')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(JSON.parse(last('/api/users')?.query.get('filter') ?? '')).toEqual({ 'is_internal[eq]': false }));
    expect(within(screen.getByRole('tablist')).getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });
});
