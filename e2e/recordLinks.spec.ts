import { apiAs } from './support/api';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

type Row = Record<string, unknown>;
const NW_ADMIN = 'admin@northwind.demo.example';

test.describe.configure({ timeout: 90_000 });

test("a provider admin adds the clinic's clinician to a patient's care team from the record", async ({ page, request }) => {
  const { get } = await apiAs(request, NW_ADMIN);
  const [clinician] = (await get('/users', { filter: { 'email[eq]': 'clinician@northwind.demo.example' }, limit: '1' })) as unknown as Row[];
  const name = String(clinician?.full_name);
  // A patient the clinician does not care for yet.
  const patients = (await get('/patients', { filter: { 'patient_status[eq]': 'active' }, sort: 'id', order: 'desc', limit: '25' })) as unknown as Row[];
  let patient: Row | undefined;
  for (const candidate of patients) {
    const team = (await get('/care-teams', { filter: { 'patient_id[eq]': candidate.id } })) as unknown as Row[];
    if (!team.some((member) => member.practitioner_id === clinician?.id)) {
      patient = candidate;
      break;
    }
  }
  expect(patient, 'an active patient without the clinician on their care team').toBeDefined();

  await signIn(page, NW_ADMIN);
  await page.goto(`/patients/${String(patient?.id)}/show`);
  const card = page.getByRole('region', { name: 'Care Team' });
  await card.getByRole('button', { name: 'Add to care team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to care team' });
  const picker = dialog.getByRole('combobox', { name: /Clinician/ });
  await picker.fill(name.slice(0, 4));
  await dialog.getByRole('option', { name }).click();
  await dialog.getByRole('button', { name: /^Role/ }).click();
  await page.getByRole('option', { name: 'RPM Clinician' }).click();
  await dialog.getByRole('button', { name: /^(Save|Add)/ }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('cell', { name })).toBeVisible();
});

test('the page of an assigned device names its patient, and the link opens the record', async ({ page, request }) => {
  const { get } = await apiAs(request, 'internal.admin@demo.example');
  const [device] = (await get('/devices', { filter: { 'status[eq]': 'active' }, sort: 'id', order: 'asc', limit: '1' })) as unknown as Row[];
  const patient = (await get(`/patients/${String(device?.patient_id)}`)) as unknown as Row & { user: { full_name: string } };

  await signIn(page, 'internal.admin@demo.example');
  await page.goto(`/devices/${String(device?.id)}/show`);
  const link = page.getByRole('main').getByRole('link', { name: patient.user.full_name });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/patients/${String(patient.id)}/show$`));
  await expect(page.getByRole('heading', { level: 1, name: patient.user.full_name })).toBeVisible();
});
