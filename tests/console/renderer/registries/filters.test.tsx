// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceSchema } from '../../../../schemas/entities/device';
import { locationSchema } from '../../../../schemas/entities/location';
import { monitoringProgressRowSchema } from '../../../../schemas/entities/monitoringProgress';
import { patientSchema } from '../../../../schemas/entities/patient';
import { taskSchema } from '../../../../schemas/entities/task';
import type { FilterDefinition } from '../../../../schemas/screen';
import { resolveFilter } from '../../../../src/console/renderer/core/fieldViews';
import { screenRegistries } from '../../../../src/console/features';
import '../../helpers/dom';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const filterRegistry = screenRegistries.filters;

function renderFilter(definition: FilterDefinition, value: unknown, entity: Readonly<Record<string, unknown>> = deviceSchema) {
  const onChange = vi.fn();
  const filter = resolveFilter(definition, entity);
  const { Component } = filterRegistry[definition.type as keyof typeof filterRegistry];
  renderPart(<Component filter={filter} options={filter.options} value={value} onChange={onChange} />);
  return onChange;
}

describe('filters', () => {
  it("select: the field's enum values and All; choosing one sets it, All clears it", async () => {
    const user = userEvent.setup();
    const onChange = renderFilter({ type: 'select', field: 'device_type', label: 'Device Type' }, undefined);
    await user.click(screen.getByRole('button', { name: /Device Type/ }));
    await user.click(screen.getByRole('option', { name: 'Tenovi Gateway' }));
    expect(onChange).toHaveBeenCalledWith('tenovi_gateway');
  });

  it('select: All clears a chosen value; choices may come from the definition', async () => {
    const user = userEvent.setup();
    const onChange = renderFilter({ type: 'select', field: 'is_active', options: { choices: [{ value: true, label: 'Active' }] } }, true, locationSchema);
    expect(screen.getByRole('button', { name: /Is Active/ })).toHaveTextContent('Active');
    await user.click(screen.getByRole('button', { name: /Is Active/ }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });

  it('multiselect: several values', async () => {
    const user = userEvent.setup();
    const onChange = renderFilter({ type: 'multiselect', field: 'status', label: 'Device Status' }, ['pending']);
    expect(screen.getByRole('button', { name: /Device Status/ })).toHaveTextContent('Pending');
    await user.click(screen.getByRole('button', { name: /Device Status/ }));
    await user.click(screen.getByRole('option', { name: 'Active' }));
    expect(onChange).toHaveBeenCalledWith(['pending', 'active']);
  });

  it('date_range: from and to days, and presets', async () => {
    const user = userEvent.setup();
    const onChange = renderFilter({ type: 'date_range', field: 'added_on', options: { presets: ['today', 'last_month'] } }, { from: '2026-05-01' });
    await user.type(screen.getByLabelText('To'), '2026-05-31');
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-05-01', to: '2026-05-31' });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    // Today is the user's today (America/New_York in the fixtures), whatever the browser's zone.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect(onChange).toHaveBeenLastCalledWith({ from: day, to: day });
    expect(screen.getByRole('button', { name: 'Last Month' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yesterday' })).toBeNull();
  });

  it('date_range: emptying both days clears it', async () => {
    const user = userEvent.setup();
    const onChange = renderFilter({ type: 'date_range', field: 'added_on' }, { from: '2026-05-01' });
    await user.clear(screen.getByLabelText('From'));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it("date_preset: the definition's presets in its words, or All; the value is the preset's name", async () => {
    const user = userEvent.setup();
    const onChange = renderFilter(
      {
        type: 'date_preset',
        field: 'due_on',
        label: 'Due',
        options: { presets: ['before_today', 'today', 'this_week', 'next_week', 'this_month'], labels: { before_today: 'Overdue', today: 'Due Today' } },
      },
      'this_week',
      taskSchema,
    );
    expect(screen.getByRole('button', { name: /Due/ })).toHaveTextContent('This Week');
    await user.click(screen.getByRole('button', { name: /Due/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Overdue', 'Due Today', 'This Week', 'Next Week', 'This Month']);
    await user.click(screen.getByRole('option', { name: 'Overdue' }));
    expect(onChange).toHaveBeenLastCalledWith('before_today');
    await user.click(screen.getByRole('button', { name: /Due/ }));
    await user.click(screen.getByRole('option', { name: 'All' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('exists: Yes or No whether the field holds a value, or All; the query asks [ne] or [eq] null', async () => {
    const user = userEvent.setup();
    const onChange = renderFilter({ type: 'exists', field: 'patient_id', label: 'Has Patient' }, 'false');
    expect(screen.getByRole('button', { name: /Has Patient/ })).toHaveTextContent('No');
    await user.click(screen.getByRole('button', { name: /Has Patient/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Yes', 'No']);
    await user.click(screen.getByRole('option', { name: 'Yes' }));
    expect(onChange).toHaveBeenLastCalledWith('true');
    expect(filterRegistry.exists.query('billing_provider', 'true')).toEqual({ 'billing_provider[ne]': null });
    expect(filterRegistry.exists.query('billing_provider', 'false')).toEqual({ 'billing_provider[eq]': null });
    expect(filterRegistry.exists.query('billing_provider', undefined)).toEqual({});
  });

  it('switch: on sets it, off clears it', async () => {
    const user = userEvent.setup();
    const onChange = renderFilter({ type: 'switch', field: 'is_shared_device', label: 'Shared only' }, undefined);
    await user.click(screen.getByRole('switch', { name: 'Shared only' }));
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('search_selector: searches the resource by q after the minimum length and keeps the chosen record', async () => {
    const api = fixtureApi();
    server.use(...api.handlers);
    const user = userEvent.setup();
    const onChange = renderFilter(
      { type: 'search_selector', field: 'tenant_id', label: 'Provider', options: { resource: 'providers', label: 'name', minLength: 2, debounceMs: 0 } },
      undefined,
    );
    await user.type(screen.getByRole('combobox', { name: 'Provider' }), 'N');
    expect(api.requests.filter((r) => r.path === '/api/providers')).toHaveLength(0);
    await user.type(screen.getByRole('combobox', { name: 'Provider' }), 'o');
    await user.click(await screen.findByRole('option', { name: 'Northwind Clinic' }));
    expect(onChange).toHaveBeenCalledWith({ id: 1, label: 'Northwind Clinic' });
    const request = api.requests.find((r) => r.path === '/api/providers');
    expect(JSON.parse(request?.query.get('filter') ?? '')).toEqual({ q: { field: 'name', value: 'No' } });
    expect(request?.query.get('limit')).toBe('10');
  });

  it('search_selector: shows the chosen record and clears it', async () => {
    server.use(...fixtureApi().handlers);
    const user = userEvent.setup();
    const onChange = renderFilter(
      { type: 'search_selector', field: 'tenant_id', label: 'Provider', options: { resource: 'providers', label: 'name' } },
      { id: 2, label: 'Lakeside Health' },
    );
    const input = screen.getByRole('combobox', { name: 'Provider' });
    expect(input).toHaveValue('Lakeside Health');
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Clear' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(undefined));
  });

  describe('month', () => {
    // Wednesday June 17th 2026 in New York (the fixtures' zone).
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-06-17T16:00:00Z'));
    });
    afterEach(() => vi.useRealTimers());
    const month = (value: unknown) =>
      renderFilter({ type: 'month', field: 'start_date', label: 'Month', options: { fromYear: 2022 } }, value, monitoringProgressRowSchema);

    it('a month and a year, no All; the months still to come are not offered', async () => {
      const user = userEvent.setup();
      const onChange = month({ from: '2026-06-01', to: '2026-06-30' });
      expect(screen.getByRole('group', { name: 'Month' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Month/ })).toHaveTextContent('June');
      expect(screen.getByRole('button', { name: /^Year/ })).toHaveTextContent('2026');
      await user.click(screen.getByRole('button', { name: /^Month/ }));
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toHaveLength(12);
      expect(screen.queryByRole('option', { name: 'All' })).toBeNull();
      expect(screen.getByRole('option', { name: 'July' })).toHaveAttribute('aria-disabled', 'true');
      await user.click(screen.getByRole('option', { name: 'February' }));
      expect(onChange).toHaveBeenLastCalledWith({ from: '2026-02-01', to: '2026-02-28' });
    });

    it('offers the years from fromYear to the current one, keeping the month', async () => {
      const user = userEvent.setup();
      const onChange = month({ from: '2025-11-01', to: '2025-11-30' });
      await user.click(screen.getByRole('button', { name: /^Year/ }));
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['2022', '2023', '2024', '2025', '2026']);
      await user.click(screen.getByRole('option', { name: '2024' }));
      expect(onChange).toHaveBeenLastCalledWith({ from: '2024-11-01', to: '2024-11-30' });
    });

    it('cleared, both parts wait for a choice; choosing one takes the other from the current month', async () => {
      const user = userEvent.setup();
      const onChange = month(undefined);
      expect(screen.getByRole('button', { name: /^Month/ })).toHaveTextContent('Choose');
      await user.click(screen.getByRole('button', { name: /^Year/ }));
      await user.click(screen.getByRole('option', { name: '2023' }));
      expect(onChange).toHaveBeenLastCalledWith({ from: '2023-06-01', to: '2023-06-30' });
    });
  });

  it('forecast: At risk or No longer reachable, or All', async () => {
    const user = userEvent.setup();
    const onChange = renderFilter(
      { type: 'forecast', field: 'reachable_until', label: 'Forecast', options: { monthField: 'start_date' } },
      'at_risk',
      monitoringProgressRowSchema,
    );
    expect(screen.getByRole('button', { name: /Forecast/ })).toHaveTextContent('At risk');
    await user.click(screen.getByRole('button', { name: /Forecast/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'At risk', 'No longer reachable']);
    await user.click(screen.getByRole('option', { name: 'No longer reachable' }));
    expect(onChange).toHaveBeenCalledWith('unreachable');
  });

  describe('care_team', () => {
    const careTeam = (value: unknown) =>
      renderFilter(
        {
          type: 'care_team',
          field: 'care_team_members.practitioner_id',
          label: 'Care Team',
          options: { resource: 'users', label: 'full_name', filter: { 'is_provider[eq]': true, 'role[ne]': 'patient' }, minLength: 2, debounceMs: 0 },
        },
        value,
        patientSchema,
      );
    const clinicians = () => {
      const records = fixtureRecords();
      records.users = [
        { id: 300, full_name: 'Cleo Carter', role: 'clinician', is_provider: true },
        { id: 301, full_name: 'Cal Cooper', role: 'clinician', is_provider: false },
        { id: 302, full_name: 'Cass Patient', role: 'patient', is_provider: true },
      ];
      const api = fixtureApi(records);
      server.use(...api.handlers);
      return api;
    };
    const cleo = { id: 300, label: 'Cleo Carter' };
    const dan = { id: 303, label: 'Dan Doe' };

    it('offers provider users from the minimum length and adds the one picked, in the mode chosen first', async () => {
      const api = clinicians();
      const user = userEvent.setup();
      const onChange = careTeam(undefined);
      expect(screen.getByRole('radio', { name: 'Include Care Team members' })).toBeChecked();
      // Each mode says what it keeps (spec 001 section 4: ALL of the members, or NONE of them).
      expect(screen.getByRole('radio', { name: 'Include Care Team members' })).toHaveAccessibleDescription(
        'Shows the patients who have all of the chosen members',
      );
      expect(screen.getByRole('radio', { name: 'Exclude Care Team members' })).toHaveAccessibleDescription(
        'Shows the patients who have none of the chosen members',
      );
      await user.click(screen.getByRole('radio', { name: 'Exclude Care Team members' }));
      // No members yet: the mode waits for one, the list is not filtered.
      expect(onChange).not.toHaveBeenCalled();
      expect(screen.getByRole('radio', { name: 'Exclude Care Team members' })).toBeChecked();
      await user.type(screen.getByRole('combobox', { name: 'Care Team' }), 'C');
      expect(api.requests.filter((r) => r.path === '/api/users')).toHaveLength(0);
      await user.type(screen.getByRole('combobox', { name: 'Care Team' }), 'a');
      const offered = await screen.findByRole('option', { name: 'Cleo Carter' });
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Cleo Carter']);
      await user.click(offered);
      expect(onChange).toHaveBeenLastCalledWith({ mode: 'exclude', members: [cleo] });
      expect(JSON.parse(api.requests.find((r) => r.path === '/api/users')?.query.get('filter') ?? '')).toEqual({
        'is_provider[eq]': true,
        'role[ne]': 'patient',
        q: { field: 'full_name', value: 'Ca' },
      });
    });

    it('shows the members as chips, each with its remove button, and switches the mode by keyboard', async () => {
      clinicians();
      const user = userEvent.setup();
      const onChange = careTeam({ mode: 'include', members: [cleo, dan] });
      const chips = within(screen.getByRole('list', { name: 'Care Team members' })).getAllByRole('listitem');
      expect(chips.map((chip) => chip.textContent)).toEqual(['Cleo Carter×', 'Dan Doe×']);
      await user.click(screen.getByRole('button', { name: 'Remove Cleo Carter' }));
      expect(onChange).toHaveBeenLastCalledWith({ mode: 'include', members: [dan] });
      screen.getByRole('radio', { name: 'Include Care Team members' }).focus();
      await user.keyboard('{ArrowRight}');
      expect(onChange).toHaveBeenLastCalledWith({ mode: 'exclude', members: [cleo, dan] });
    });

    it('removing the last member clears the filter', async () => {
      clinicians();
      const user = userEvent.setup();
      const onChange = careTeam({ mode: 'exclude', members: [dan] });
      expect(screen.getByRole('radio', { name: 'Exclude Care Team members' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Remove Dan Doe' }));
      expect(onChange).toHaveBeenLastCalledWith(undefined);
    });
  });

  it('covers every filter of the registry', () => {
    expect(Object.keys(filterRegistry).sort()).toEqual([
      'care_team',
      'date_preset',
      'date_range',
      'datetime_range',
      'days_since',
      'exists',
      'forecast',
      'month',
      'multiselect',
      'search_selector',
      'select',
      'switch',
    ]);
  });
});
