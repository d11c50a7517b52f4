import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { apiAs } from './support/api';
import { shoot } from './support/shots';
import { signIn, submitCredentials } from './support/signIn';
import { expect, test } from './support/test';

/**
 * People and accounts (issue 18; spec 002 "Users", "Account", "Public pages", "Support tickets"),
 * as a new user works them: an internal admin creates a provider user and gives it a reimbursement
 * rate and a location, disables and enables it, and the user's verification mail verifies the
 * address; an internal clinician invited by mail sets a password on /otp and, made tenant_scoped
 * with one provider, sees only that provider's patients; a user turns on two-factor from the QR
 * code's secret and signs in with a code, then registers a passkey (Chromium's virtual
 * authenticator) and signs in with it on /passkey; a support ticket is closed.
 */
const INTERNAL_ADMIN = 'internal.admin@demo.example';
const NEW_PASSWORD = 'Quartz!Meadow-2026';
type Row = Record<string, unknown>;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** The newest mail to an address whose subject matches, read from the demo outbox (superadmin). */
async function mailTo(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  const superadmin = await apiAs(request, 'superadmin@demo.example');
  let text = '';
  await expect
    .poll(
      async () => {
        const mails = await superadmin.get('/testing/outbox', { to });
        const mail = mails.find((m) => subject.test(String(m.subject)));
        text = typeof mail?.text === 'string' ? mail.text : '';
        return text;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return text;
}

/** Picks an option of a headless select (a listbox button named by its label). */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('an internal admin creates a provider user, gives it a rate and a location, disables and enables it; the mail verifies its address', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `nell.${unique()}@northwind.demo.example`;
  await signIn(page, INTERNAL_ADMIN);
  await page.goto('/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/First Name/).fill('Nell');
  await dialog.getByLabel(/Last Name/).fill('Newcomb');
  await dialog.getByLabel(/Email/).fill(email);
  await choose(page, /^Role/, 'Staff');
  await dialog.getByRole('combobox', { name: /Provider/ }).fill('North');
  await page
    .getByRole('option', { name: /Northwind/ })
    .first()
    .click();
  await choose(page, /^Staff Type/, /Support Staff/i);
  await shoot(page, 'people-create-user');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('User created.')).toBeVisible();

  // The new user's row opens its edit page.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Newcomb');
  // The row is on the page before the search: click it once the searched page has replaced that one.
  await expect(page).toHaveURL(/[?&]q=Newcomb/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.getByRole('row', { name: /Nell Newcomb/ }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/(edit|account)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nell Newcomb' })).toBeVisible();
  await shoot(page, 'people-user-edit');

  // Reimbursement: a rate as of a date, hourly required, two decimals.
  await page.getByRole('tab', { name: 'Reimbursement' }).click();
  await page.getByRole('button', { name: 'Add Rate' }).click();
  const rate = page.getByRole('dialog');
  await rate.getByLabel(/As of Date/).fill('2026-11-01');
  await rate.getByLabel(/Hourly Rate/).fill('27.50');
  await rate.getByRole('button', { name: /Add|Save|Create/ }).click();
  await expect(page.getByText('Reimbursement rate added')).toBeVisible();
  await expect(page.getByRole('row', { name: /27\.5/ })).toBeVisible();
  await shoot(page, 'people-user-reimbursement');

  // Locations: one of its provider's, added once; twice is a warning.
  await page.getByRole('tab', { name: 'Locations' }).click();
  const picker = page.getByLabel('Location', { exact: true });
  await expect(picker).toBeEnabled();
  await picker.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add Location' }).click();
  await expect(page.getByText('Location added successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);
  await shoot(page, 'people-user-locations');

  // Disable, then enable again.
  await page.getByRole('tab', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Disable User' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Disable User|Confirm/ })
    .click();
  await expect(page.getByText('User disabled')).toBeVisible();
  await page.getByRole('button', { name: 'Enable User' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Enable User|Confirm/ })
    .click();
  await expect(page.getByText('User enabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable User' })).toBeVisible();

  // The verification mail sent on creation verifies the address on /email-verification, signed out.
  const mail = await mailTo(request, email, /Verify/);
  const link = /https?:\/\/\S+\/email-verification\?verifyEmailCode=\S+/.exec(mail)?.[0];
  expect(link, 'the verification link in the mail').toBeDefined();
  const target = new URL(String(link));
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(target.pathname + target.search);
  await expect(visitor.getByText('Email verified successfully! You may close the window')).toBeVisible();
  await shoot(visitor, 'people-email-verified');
  await visitor.close();
  const admin = await apiAs(request, INTERNAL_ADMIN);
  const [created] = await admin.get('/users', { filter: { 'email[eq]': email } });
  expect(created?.is_email_verified).toBe(true);
});

test('an invited internal clinician sets a password on /otp and, tenant_scoped to one provider, sees only its patients', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const email = `ines.${unique()}@demo.example`;
  await signIn(page, INTERNAL_ADMIN);
  await page.goto('/internal-users');
  await page.getByRole('button', { name: 'Create Internal User' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/First Name/).fill('Ines');
  await dialog.getByLabel(/Last Name/).fill('Scoped');
  await dialog.getByLabel(/Email/).fill(email);
  await choose(page, /^Role/, /Internal Clinician/);
  await choose(page, /^Staff Type/, /Registered Nurse/i);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/created/i)).toBeVisible();

  // The invitation mail's code sets the password on /otp (signed out, another browser context).
  const invite = await mailTo(request, email, /password/i);
  const code = /resetCode=([^\s&]+)/.exec(invite)?.[1];
  expect(code, 'the code in the invitation').toBeDefined();
  const invitee = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.200.1.1' } });
  const otp = await invitee.newPage();
  await otp.goto('/otp');
  await otp.getByRole('textbox', { name: 'Code' }).fill(decodeURIComponent(String(code)));
  await otp.getByRole('button', { name: 'Submit' }).click();
  await otp.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await otp.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await shoot(otp, 'people-otp-password');
  await otp.getByRole('button', { name: 'Submit' }).click();
  await expect(otp.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // A code works once.
  const again = await request.post('/api/auth/otp', { data: { token: decodeURIComponent(String(code)) } });
  expect(again.status()).toBe(400);

  // The admin makes the clinician tenant_scoped with Lakeside only.
  const admin = await apiAs(request, INTERNAL_ADMIN);
  const [ines] = await admin.get('/users', { filter: { 'email[eq]': email } });
  const [lakeside] = await admin.get('/providers', { filter: { 'name[eq]': 'Lakeside Health' } });
  await page.goto(`/internal-users/${String(ines?.id)}/roles`);
  await expect(page.getByRole('radio', { name: /Internal Clinician/ })).toBeChecked();
  await page.getByRole('radio', { name: 'Only the providers listed below' }).click();
  await expect(page.getByRole('radio', { name: 'Only the providers listed below' })).toBeChecked();
  await page.getByRole('combobox', { name: /Provider/ }).fill('Lake');
  await page
    .getByRole('option', { name: /Lakeside/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add Provider' }).click();
  await expect(page.getByText('Role added for user')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Lakeside Health', exact: true })).toBeVisible();
  await shoot(page, 'people-internal-roles');

  // Signed in again (the change ended its sessions), the clinician's lists hold Lakeside's patients only.
  const scoped = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.200.1.2' } });
  const clinician = await scoped.newPage();
  await submitCredentials(clinician, email, NEW_PASSWORD);
  await expect(clinician.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await clinician.goto('/patients');
  await expect(clinician.getByRole('heading', { level: 1, name: 'All Patients' })).toBeVisible();
  await expect(clinician.getByRole('row').nth(1)).toBeVisible();
  const login = await request.post('/api/auth/login', { form: { username: email, password: NEW_PASSWORD, client_id: 'webapp' } });
  const { access_token } = (await login.json()) as { access_token: string };
  const patients = await request.get('/api/patients', { headers: { Authorization: `Bearer ${access_token}` }, params: { limit: '100' } });
  const rows = (await patients.json()) as Row[];
  expect(rows.length).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r.tenant_id))).toEqual(new Set([lakeside?.id]));
  await invitee.close();
  await scoped.close();
});

test('a user turns on two-factor from the QR code’s secret, signs in with a code, registers a passkey and signs in with it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  // A provider admin of Northwind of its own, whose password is set through the reset mail.
  const email = `tess.${unique()}@northwind.demo.example`;
  const admin = await apiAs(request, INTERNAL_ADMIN);
  const [northwind] = await admin.get('/providers', { filter: { 'name[eq]': 'Northwind Clinic' } });
  const created = await request.post('/api/users', {
    headers: admin.headers,
    data: { first_name: 'Tess', last_name: 'Twofactor', email, role: 'admin', staff_type: 'supervisor', tenant_id: northwind?.id },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const user = (await created.json()) as Row;
  expect((await request.post(`/api/users/${String(user.id)}/reset-password`, { headers: admin.headers })).ok()).toBe(true);
  const reset = await mailTo(request, email, /password/i);
  const code = decodeURIComponent(String(/resetCode=([^\s&]+)/.exec(reset)?.[1]));
  const set = await request.post('/api/auth/otp-set-password', { data: { token: code, new_password: NEW_PASSWORD, new_password_2: NEW_PASSWORD } });
  expect(set.ok(), await set.text()).toBe(true);

  await submitCredentials(page, email, NEW_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByText(email).first()).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await shoot(page, 'people-account-2fa-setup');
  await page.getByLabel('Verification code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(page.getByText('Two-factor authentication enabled').first()).toBeVisible();

  // Signed out, the sign-in asks for a code; a fresh one opens the console.
  const fresh = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.200.2.1' } });
  const second = await fresh.newPage();
  await submitCredentials(second, email, NEW_PASSWORD);
  const totp = second.getByRole('textbox', { name: /code/i });
  await expect(totp).toBeVisible();
  await totp.fill(await generate({ secret }));
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(second.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await fresh.close();

  // A passkey, registered with Chromium's virtual platform authenticator.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.getByLabel('Passkey nickname').fill('Work laptop');
  await page.getByRole('button', { name: 'Add passkey' }).click();
  await expect(page.getByText('Passkey created').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Passkeys' })).toContainText('Work laptop');
  await shoot(page, 'people-account-passkey');

  // Signed out (the same browser holds the authenticator): /passkey signs in with it.
  await page.context().clearCookies();
  await page.goto('/passkey');
  await page.getByRole('button', { name: 'Login with PassKey' }).click();
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 15_000 });
});

test('a support ticket is read and closed', async ({ page }) => {
  await signIn(page, INTERNAL_ADMIN);
  await page.goto('/support-tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Open', selected: true })).toBeVisible();
  await shoot(page, 'people-support-tickets');
  const firstRow = page.getByRole('row').nth(1);
  await firstRow.click();
  await expect(page).toHaveURL(/\/support-tickets\/\d+\/show/);
  await shoot(page, 'people-support-ticket');
  await page.getByRole('button', { name: 'Mark Closed' }).click();
  const confirm = page.getByRole('dialog');
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: /Mark Closed|Confirm/ }).click();
  await expect(page.getByText('Support ticket closed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark Closed' })).toHaveCount(0);
});
