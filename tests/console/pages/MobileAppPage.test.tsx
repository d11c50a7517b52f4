// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeStyleFor } from '../../../src/console/pages/mobileApp/storeStyle';
import { setViewport } from '../shell/support/dom';
import { useMswServer } from '../helpers/msw';
import { renderLogin, signOut } from './support/renderLogin';

const server = useMswServer();

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('the store style of a device', () => {
  it('is the App Store on iPhone, iPod and iPad (also an iPad that says Macintosh), Google Play elsewhere', () => {
    expect(storeStyleFor(IPHONE)).toBe('app-store');
    expect(storeStyleFor('Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X)')).toBe('app-store');
    expect(storeStyleFor(IPAD_DESKTOP_MODE, 5)).toBe('app-store');
    expect(storeStyleFor(IPAD_DESKTOP_MODE, 0)).toBe('google-play');
    expect(storeStyleFor(ANDROID)).toBe('google-play');
    expect(storeStyleFor('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('google-play');
  });
});

describe('/mobile-app, the mobile-app preview', () => {
  beforeEach(async () => {
    setViewport({ mobile: true });
    await signOut(server);
  });
  afterEach(() => vi.restoreAllMocks());

  const as = (userAgent: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);

  it('looks like the App Store on an iPhone: free, 17+, English, description, screenshots and the contact links', async () => {
    as(IPHONE);
    renderLogin(server, '/mobile-app');
    const page = await screen.findByRole('main', { name: 'App Store preview' }, { timeout: 5000 });
    expect(within(page).getByRole('heading', { level: 1, name: 'Care Console' })).toBeVisible();
    expect(within(page).getByRole('link', { name: /Get on App Store/ })).toHaveAttribute('target', '_blank');
    const facts = within(page).getByLabelText('App facts');
    expect(facts).toHaveTextContent('PriceFree');
    expect(facts).toHaveTextContent('Age rating17+');
    expect(facts).toHaveTextContent('LanguageEnglish');
    expect(within(page).getByRole('heading', { name: 'Description' })).toBeVisible();
    expect(within(page).getAllByRole('img')).toHaveLength(3);
    expect(within(page).getByRole('img', { name: 'Your latest readings at a glance' })).toBeVisible();
    for (const name of ['Website', 'Support', 'Privacy Policy'])
      expect(within(page).getByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(/^https:/));
  });

  it('looks like Google Play elsewhere', async () => {
    as(ANDROID);
    renderLogin(server, '/mobile-app');
    const page = await screen.findByRole('main', { name: 'Google Play preview' }, { timeout: 5000 });
    expect(within(page).getByRole('link', { name: /Install on Google Play/ })).toBeVisible();
    expect(within(page).getByRole('heading', { name: 'About this app' })).toBeVisible();
    expect(within(page).getByRole('heading', { name: 'App support' })).toBeVisible();
  });

  it('verifies an e-mail address from ?verifyEmailCode= as /login does', async () => {
    as(ANDROID);
    const tokens: unknown[] = [];
    server.use(
      http.post('*/api/auth/verify', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json({ message: 'Email verified successfully!' });
      }),
    );
    renderLogin(server, '/mobile-app?verifyEmailCode=abc');
    expect(await screen.findByText('Email verified successfully!', {}, { timeout: 5000 })).toBeVisible();
    expect(tokens).toEqual([{ token: 'abc' }]);
  });
});

describe('/mobile/invite', () => {
  beforeEach(async () => {
    setViewport({ mobile: true });
    await signOut(server);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the code, leads to /otp with it, to the store of the device and to the preview', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    renderLogin(server, '/mobile/invite?code=inv-123');
    expect(await screen.findByRole('heading', { name: "You're invited" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByLabelText('Your one-time code')).toHaveTextContent('inv-123');
    expect(screen.getByRole('link', { name: 'Choose your password' })).toHaveAttribute('href', '/otp?code=inv-123');
    expect(screen.getByRole('link', { name: /App Store/ })).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the app' })).toHaveAttribute('href', '/mobile-app');
  });

  it('without a code, leads to /otp to type the one of the invitation', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    renderLogin(server, '/mobile/invite');
    expect(await screen.findByRole('link', { name: 'Choose your password' }, { timeout: 5000 })).toHaveAttribute('href', '/otp');
    expect(screen.queryByLabelText('Your one-time code')).toBeNull();
    expect(screen.getByRole('link', { name: /Google Play/ })).toBeVisible();
  });
});
