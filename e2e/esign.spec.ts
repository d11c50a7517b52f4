import { createHash } from 'node:crypto';
import { CONSENT_TEXT } from '../src/domain/consentText';
import { permissionMap } from '../src/domain/permissions';
import { apiAs } from './support/api';
import { axeViolations } from './support/axe';
import { shoot } from './support/shots';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * The consent form's e-signature (spec 001 section 5), on the real server: an internal admin sends
 * a Lakeside patient's consent form for e-signature from the record; the signing link is read from
 * the outbox (GET testing/outbox, superadmin, demo only); the signer, without a session, reads the
 * consent, types their name and draws on the canvas; the record then shows the signed form, which
 * opens in /pdf and reads back with the name and, on its last page, the audit trail.
 */
const INTERNAL_ADMIN = 'internal.admin@demo.example';
const SIGNER = 'Avery Q. Signer';

test('a consent form is sent for e-signature, signed on the public page, and reads back in the viewer', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  expect(permissionMap({ role: 'internal_admin', is_internal: true })['patients.update']).toBeTruthy();

  // A Lakeside patient with an emergency contact with a phone, and no consent form yet
  // (from the end of the list: e2e/documents.spec.ts uploads one to the first such patient).
  const lakeside = await apiAs(request, 'admin@lakeside.demo.example');
  const patients = await lakeside.get('/patients', { filter: { 'patient_status[eq]': 'active' }, limit: 100 });
  let patient: Record<string, unknown> | undefined;
  for (const candidate of [...patients].reverse()) {
    if (candidate.consent_form_document_id) continue;
    const contacts = await lakeside.get(`/patients/${String(candidate.id)}/contacts`);
    if (contacts.some((c) => c.is_emergency_contact === true && (c.cell_phone_number || c.home_phone_number))) {
      patient = candidate;
      break;
    }
  }
  expect(patient, 'a Lakeside patient with an emergency contact').toBeDefined();
  const id = Number(patient!.id);

  await signIn(page, INTERNAL_ADMIN);
  await page.goto(`/patients/${id}/show`);
  const section = page.getByRole('region', { name: 'Consent Form' });
  await expect(section).toContainText('No consent form uploaded.');
  await section.getByRole('button', { name: 'Send for E-Signature' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send for E-Signature' });
  await expect(dialog.getByRole('radio', { name: 'Patient' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/^E-sign request sent to /)).toBeVisible();
  // The signer's address: the patient's account e-mail (the seed gives every demo patient one).
  const admin = await apiAs(request, INTERNAL_ADMIN);
  const [pending] = await admin.get('/esign-request', { filter: { patient_id: id } });
  const email = String(pending?.signer_email);
  await expect(page.getByText(`E-sign request sent to ${email}`)).toBeVisible();
  await expect(section.getByText(/^E-signature pending since \d\d\/\d\d\/\d{4}/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Resend' })).toBeVisible();

  // The link, from the outbox.
  const superadmin = await apiAs(request, 'superadmin@demo.example');
  const mails = (await superadmin.get('/testing/outbox', { to: email })) as unknown as { subject: string; text: string }[];
  expect(mails[0]?.subject).toBe('Please sign your consent form');
  const link = /\/esign\/[A-Za-z0-9_-]{43}/.exec(mails[0]?.text ?? '')?.[0];
  expect(link, JSON.stringify(mails[0])).toBeDefined();

  // The signer, without a session.
  const signerContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.250.1.7' } });
  const signer = await signerContext.newPage();
  await signer.goto(link!);
  await expect(signer.getByRole('heading', { level: 1, name: 'Consent to Remote Patient Monitoring' })).toBeVisible();
  await expect(signer.getByText(/right to withdraw/i).first()).toBeVisible();
  // Sign with nothing: both are asked for.
  await signer.getByRole('button', { name: 'Sign' }).click();
  await expect(signer.getByText('Type your full name.')).toBeVisible();
  await expect(signer.getByText('Draw your signature in the box.')).toBeVisible();
  await signer.getByLabel('Your full name').fill(SIGNER);
  const canvas = signer.getByRole('img', { name: 'Your signature' });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await signer.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await signer.mouse.down();
  for (let i = 1; i <= 20; i++) await signer.mouse.move(box.x + box.width * (0.1 + i * 0.035), box.y + box.height * (0.6 - 0.3 * Math.sin(i / 3)));
  await signer.mouse.up();
  expect(await axeViolations(signer)).toEqual([]);
  await shoot(signer, 'esign');
  if (process.env.E2E_SHOTS_DIR) {
    await signer.setViewportSize({ width: 390, height: 844 });
    await signer.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/esign-390.png`, fullPage: true });
    await signer.setViewportSize({ width: 1280, height: 900 });
  }
  await signer.getByRole('button', { name: 'Sign' }).click();
  await expect(signer.getByText(/^Thank you\. Your signed consent form/)).toBeVisible();
  expect(await axeViolations(signer)).toEqual([]);
  // The used link says so.
  await signer.reload();
  await expect(signer.getByText('This consent form has already been signed.')).toBeVisible();
  await signerContext.close();

  // The record: the signed form, in the viewer, with the name and the audit page.
  await page.reload();
  await expect(section).toContainText('A signed consent form is on file.');
  await expect(section.getByText(/^E-signature pending since/)).toHaveCount(0);
  await section.getByRole('button', { name: 'View Consent Form' }).click();
  await expect(page).toHaveURL(/\/pdf$/);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const text = page.getByTestId('pdf-page-text');
  await expect(text).toContainText('Consent to Remote Patient Monitoring');
  let pageText = (await text.textContent()) ?? '';
  for (let n = 0; n < 3 && !pageText.includes('Audit trail'); n++) {
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(text).not.toHaveText(pageText);
    pageText = (await text.textContent()) ?? '';
  }
  expect(pageText).toContain('Audit trail');
  expect(pageText).toContain(SIGNER);
  expect(pageText).toContain(createHash('sha256').update(CONSENT_TEXT).digest('hex'));
});

test('an unknown signing link says it cannot be used', async ({ page }) => {
  await page.goto(`/esign/${'A'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText('This signing link is not valid.');
});
