// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../../../src/domain/roles';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { fixtureApi } from '../../helpers/fixtureApi';
import { fixtureRecords } from '../../helpers/fixtures';
import { useMswServer } from '../../helpers/msw';
import { renderScreen } from '../../helpers/renderScreen';

/**
 * The record's Care Programs (spec 001 sections 4 and 5, "Care program"): the dialysis warnings when
 * one is added, ICD-10 codes, the labor-provided flag for internal users only, and an edit that needs
 * an end date once the program is inactive.
 */
const server = useMswServer();

const PROGRAM = {
  id: 70,
  patient_id: 30,
  tenant_id: 1,
  type: 'rpm',
  start: '2026-03-01',
  end: null,
  is_active: true,
  practitioner_id: 200,
  icd10_ids: ['I10'],
};

function serve({ dialysis = false } = {}) {
  const records = fixtureRecords();
  records.patients = (records.patients ?? []).map((row) =>
    row.id === 30 ? { ...row, patient_status: 'active', profile: { chronic_kidney_disease: { in_dialysis: dialysis } } } : row,
  );
  records['service-instances'] = [PROGRAM];
  const api = fixtureApi(records);
  // The fixture API answers no PATCH: the program with what was sent.
  server.use(
    http.patch('*/api/service-instances/:id', async ({ request }) => {
      const { body } = await api.record(request);
      return HttpResponse.json({ ...PROGRAM, ...(body as object) });
    }),
    ...api.handlers,
  );
  return api;
}

async function openCard(role: Role = 'admin') {
  renderScreen('patients.show', { path: '/patients/30/show', environment: environmentFor(role) });
  return screen.findByRole('region', { name: 'Care Programs' });
}

const noticesOf = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('listitem')
    .map((item) => item.textContent)
    .filter((text) => text?.includes('Dialysis'));

async function chooseProgram(user: UserEvent, dialog: HTMLElement, label: string) {
  await user.click(within(dialog).getByRole('button', { name: /Care Program/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('Care Programs', () => {
  it('warns when a program is added for a dialysis patient, in the words of the program kind', async () => {
    const user = userEvent.setup();
    serve({ dialysis: true });
    const card = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Add Care Program' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Care Program' });
    await chooseProgram(user, dialog, 'CCM');
    expect(noticesOf(dialog)).toEqual(['Warning: Dialysis patient: CCM/PCM/CCCM types are not billable with ESRD codes']);
    await chooseProgram(user, dialog, 'RPM');
    expect(noticesOf(dialog)).toEqual(['Warning: Dialysis patient: RPM/RTM are not billable with more specific monitoring']);
  });

  it('says nothing of dialysis for another patient, and keeps the labor-provided flag for internal users', async () => {
    const user = userEvent.setup();
    serve();
    const card = await openCard();
    await user.click(await within(card).findByRole('button', { name: 'Add Care Program' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Care Program' });
    await chooseProgram(user, dialog, 'CCM');
    expect(noticesOf(dialog)).toEqual([]);
    expect(within(dialog).queryByRole('checkbox', { name: /Labor provided/ })).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: /Diagnosis Codes/ })).toBeInTheDocument();
  });

  it('asks for the end date of a program made inactive, then sends the change', async () => {
    const user = userEvent.setup();
    const api = serve();
    const card = await openCard('internal_admin');
    await user.click(await within(card).findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Care Program' });
    expect(within(dialog).getByRole('checkbox', { name: /Labor provided/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Active/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An inactive care program needs an end date')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'PATCH')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/End Date/), '2026-11-30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Care program updated')).toBeInTheDocument();
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/service-instances/70');
    expect(patch?.body).toMatchObject({ is_active: false, end: '2026-11-30' });
  });
});
