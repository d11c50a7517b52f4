// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ScreenEnvironment } from '../../../../src/console/renderer/core/context';
import '../../helpers/dom';
import { environmentFor, INTERNAL_ADMIN } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

const server = useMswServer();
const FLAG = { featureFlags: { clinical_activities: true } };
const DEPRECATION = 'Monitoring notes are being replaced by clinical activities: use the Activity tab to run a guided activity.';

function api() {
  const records = fixtureRecords();
  records['monitoring-activities'] = [];
  const fixture = fixtureApi(records);
  server.use(
    http.get('*/api/clinical-activities/available', () => HttpResponse.json([], { headers: { 'Content-Range': 'clinical-activities/available 0-0/0' } })),
    ...fixture.handlers,
  );
  const lists = () => fixture.requests.filter((request) => request.path === '/api/clinical-activity-instances');
  return { fixture, lastFilter: () => JSON.parse(lists().at(-1)?.query.get('filter') ?? '{}') as unknown };
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent.replace(/[▲▼↕]$/, ''));
const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('/clinical-activity-instances (spec 002 section 2, the review list)', () => {
  it('opens on Pending Review with the spec’s columns, and each tab asks for its status (All: every run but drafts)', async () => {
    const user = userEvent.setup();
    const { lastFilter } = api();
    renderScreen('clinical-activity-instances.list', { path: '/clinical-activity-instances' });
    await screen.findByRole('button', { name: /^Details: / });
    expect(lastFilter()).toEqual({ 'status[eq]': 'pending_review' });
    expect(headers()).toEqual(['Patient', 'Activity', 'Practitioner', 'Provider', 'Status', 'Duration (mm:ss)', 'Created', 'Completed', 'Details']);
    expect(rows()).toEqual([
      [
        'Ada Byron',
        'COPD weekly check-in',
        'Sam Staff',
        'Northwind Clinic',
        'Pending Review',
        '13:00',
        '05/30/2026, 10:00 AM',
        '05/30/2026, 10:13 AM',
        'Details',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Ada Byron' })).toHaveAttribute('href', '/patients/30/show');

    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(lastFilter()).toEqual({ 'status[eq]': 'rejected' }));
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lastFilter()).toEqual({ 'status[ne]': 'draft' }));
    await waitFor(() => expect(rows().map((row) => row[4])).toEqual(['Pending Review', 'Completed', 'Rejected']));
  });

  it('searches by patient name', async () => {
    const user = userEvent.setup();
    const { lastFilter } = api();
    renderScreen('clinical-activity-instances.list', { path: '/clinical-activity-instances' });
    await screen.findByRole('button', { name: /^Details: / });
    await user.type(screen.getByRole('searchbox', { name: 'Search by Patient Name' }), 'byron');
    await waitFor(() => expect(lastFilter()).toEqual({ 'status[eq]': 'pending_review', q: { field: 'patient.user_full_name', value: 'byron' } }));
  });

  it('is for superadmins and internal admins only', async () => {
    api();
    renderScreen('clinical-activity-instances.list', { path: '/clinical-activity-instances', environment: environmentFor('internal_clinician') });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

async function openRecord(environment: ScreenEnvironment) {
  api();
  renderScreen('patients.show', { path: '/patients/30/show', environment });
  return screen.findByRole('complementary', { name: 'Patient panel' });
}

describe("the patient record's Activity tab and monitoring form (spec 001 sections 2 and 6)", () => {
  it('opens on Activity for an internal user with the flag: the activities to run, then the runs (drafts left out) with their status in words', async () => {
    const panel = within(await openRecord({ ...INTERNAL_ADMIN, ...FLAG }));
    expect(panel.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    expect(await panel.findByText('No activities available')).toBeInTheDocument();
    const runs = await panel.findAllByRole('button', { name: /^COPD weekly check-in, / });
    expect(runs).toHaveLength(3);
    expect(panel.getByText('Pending Review')).toBeInTheDocument();
    expect(panel.getByText('Rejected')).toBeInTheDocument();
  });

  it('opens on Monitoring for a provider user with the flag, Activity being one tab of it', async () => {
    const provider = within(await openRecord(environmentFor('admin', FLAG)));
    expect(provider.getByRole('tab', { name: 'Monitoring' })).toHaveAttribute('aria-selected', 'true');
    expect(provider.getByRole('tab', { name: 'Activity' })).toBeInTheDocument();
  });

  it('without the flag: no Activity tab, Monitoring first', async () => {
    const panel = within(await openRecord(INTERNAL_ADMIN));
    expect(panel.queryByRole('tab', { name: 'Activity' })).toBeNull();
    expect(panel.getByRole('tab', { name: 'Monitoring' })).toHaveAttribute('aria-selected', 'true');
  });

  it('warns internal users with the flag on the old monitoring form that it is deprecated', async () => {
    const user = userEvent.setup();
    const panel = within(await openRecord({ ...INTERNAL_ADMIN, ...FLAG }));
    await user.click(panel.getByRole('tab', { name: 'Monitoring' }));
    await user.click(await panel.findByRole('button', { name: 'Add Note' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Note' }));
    expect(dialog.getByText(DEPRECATION)).toBeInTheDocument();
  });

  it('shows no deprecation warning to a provider user with the flag', async () => {
    const user = userEvent.setup();
    const panel = within(await openRecord(environmentFor('admin', FLAG)));
    await user.click(await panel.findByRole('button', { name: 'Add Note' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Note' }));
    expect(dialog.queryByText(DEPRECATION)).toBeNull();
  });
});

describe("the clinical route's charting tab (spec 001 section 2)", () => {
  it('lists the runs but drafts with activity, status in words, practitioner and completion, each opening its details', async () => {
    api();
    renderScreen('patients.clinical', { path: '/patients/30/show/clinical/charting', environment: { ...INTERNAL_ADMIN, ...FLAG } });
    const card = within(await screen.findByRole('region', { name: 'Clinical Activities' }));
    await card.findAllByRole('button', { name: /^COPD weekly check-in, / });
    const table = card.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Activity', 'Status', 'Practitioner', 'Completed']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent),
    ).toEqual(['Pending Review', 'Completed', 'Rejected']);
  });
});
