import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, logOut, photoFile, readEmailedLink, registerFan, shot, uniqueEmail } from './helpers.ts';

const PASSWORD = 'e2e-password-123';

type RoleCase = { role: string; label: string; fields: Record<string, string>; dashboard: RegExp; imageLabel?: string };

const ROLE_CASES: RoleCase[] = [
  { role: 'fan', label: 'Fan', fields: {}, dashboard: /Fan Dashboard/ },
  { role: 'musician', label: 'Musician', fields: {}, dashboard: /Musician Dashboard/ },
  {
    role: 'venue',
    label: 'Venue',
    fields: { 'Venue name': 'Harbor Lights E2E', Address: '55 Lake Shore Dr, Chicago', Phone: '312-555-0199', Website: 'harborlights.example.com' },
    dashboard: /Venue Dashboard/,
    imageLabel: 'Venue image',
  },
  { role: 'promoter', label: 'Promoter', fields: { 'Promoter name': 'Loud Nights E2E', 'Company (optional)': 'Loud Nights LLC' }, dashboard: /Promoter Dashboard/, imageLabel: 'Promoter image' },
  { role: 'artist_manager', label: 'Artist Manager', fields: { 'Manager name': 'Pat Manager E2E', Description: 'Managing three bands.' }, dashboard: /Artist Manager Dashboard/, imageLabel: 'Profile image' },
  {
    role: 'rehearsal_space',
    label: 'Rehearsal Space',
    fields: { 'Space name': 'Basement Rooms E2E', Address: '12 Grand Ave, Chicago', Description: 'Three rooms, full backline.' },
    dashboard: /Welcome, Basement Rooms E2E!/,
    imageLabel: 'Photo of your space',
  },
  { role: 'band', label: 'Band / Artist', fields: { 'Band name': `E2E Rockets ${Date.now()}`, Description: 'Surf rock for rainy days.' }, dashboard: /Band \/ Artist Dashboard/, imageLabel: 'Band image' },
];

test.describe('accounts for every role', () => {
  for (const c of ROLE_CASES) {
    test(`a ${c.role} registers, logs out and logs back in`, async ({ page }) => {
      const email = uniqueEmail(c.role);
      await page.goto('/register');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Location', { exact: true }).selectOption({ label: 'Cleveland' });
      await page.getByLabel('Account type').selectOption({ label: c.label });
      for (const [label, value] of Object.entries(c.fields)) await page.getByLabel(label, { exact: true }).fill(value);
      if (c.imageLabel) {
        await page.getByLabel('Choose image').setInputFiles(await photoFile());
        const crop = page.getByRole('dialog', { name: 'Crop image' });
        await expect(crop).toBeVisible();
        await expect(crop.getByRole('slider', { name: 'Zoom' })).toHaveAttribute('max', '3');
        await crop.getByRole('slider', { name: 'Zoom' }).fill('1.5');
        await shot(page, `register-${c.role}-crop`);
        await crop.getByRole('button', { name: 'Save' }).click();
        await expect(page.getByAltText('Chosen image preview')).toBeVisible();
      }
      await shot(page, `register-${c.role}-form`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Register' }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.dashboard);
      const main = page.getByRole('main');
      await expect(main.getByText(email).first()).toBeVisible();
      // The account's location is in its profile summary, which a band's dashboard folds below its work (issue 21).
      if (c.role === 'band') await main.getByText('Profile summary').click();
      await expect(main.locator('dd').filter({ hasText: /^Cleveland$/ }).first()).toBeVisible();
      if (c.imageLabel) await expect(page.locator('img[src^="/files/images/"]')).toBeVisible();
      await shot(page, `dashboard-${c.role}`);
      await expectAccessible(page);

      // A signed-in user visiting /register goes to /dashboard.
      await page.goto('/register');
      await expect(page).toHaveURL(/\/dashboard$/);

      await logOut(page);
      await logIn(page, email, PASSWORD);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.dashboard);
    });
  }

  test('the fan dashboard promises weekly updates', async ({ page }) => {
    const fan = demoAccount('fan');
    await logIn(page, fan.email, fan.password);
    await expect(page.getByText(/weekly emails or texts with upcoming gigs/)).toBeVisible();
  });
});

test.describe('mistakes get clear messages', () => {
  test('a wrong password shows the auth error', async ({ page }) => {
    const fan = demoAccount('fan');
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(fan.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
    await shot(page, 'login-wrong-password');
    await expectAccessible(page);
  });

  test('a short password and a missing band name are pointed out, and nothing typed is lost', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill('keepme@e2e.test');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Account type').selectOption({ label: 'Band / Artist' });
    await page.getByLabel('Description').fill('We keep our words.');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Password too short')).toBeVisible();
    await expect(page.getByText('Please enter your band name.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('keepme@e2e.test');
    await expect(page.getByLabel('Description')).toHaveValue('We keep our words.');
    await shot(page, 'register-errors');
  });

  test('the server refuses an e-mail that is already registered, and the form can be sent again', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Email', { exact: true }).fill(demoAccount('fan').email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert').first()).toContainText('already exists');
    await expect(page.getByRole('button', { name: 'Register' })).toBeEnabled();
  });
});

test('a forgotten password is reset through the e-mailed link', async ({ page, browser }) => {
  const email = uniqueEmail('forgetful');
  await registerFan(page, email, PASSWORD);
  await logOut(page);

  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  const modal = page.getByRole('dialog', { name: 'Reset Password' });
  await modal.getByLabel('Email').fill(email);
  await modal.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(modal.getByText('Password reset email sent! Please check your inbox.')).toBeVisible();
  await shot(page, 'reset-password-modal');
  await expectAccessible(page);

  // The admin reads the e-mail in the outbox and opens its link.
  const link = await readEmailedLink(browser, 'Reset your Marquee password', email, 'admin-outbox');

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  // A guessable password is named under its field; what was typed stays.
  await page.getByLabel('New password', { exact: true }).fill('password1');
  await page.getByLabel('Confirm new password').fill('password1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Please choose a less common password.')).toBeVisible();
  await expect(page.getByLabel('Confirm new password')).toHaveValue('password1');
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-pass');
  await page.getByLabel('Confirm new password').fill('a-brand-new-pass');
  await shot(page, 'reset-password-choose');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await logIn(page, email, 'a-brand-new-pass');
});

test('a new fan is asked to confirm the e-mail address, asks for the link again, follows it, and the notice is gone (D32)', async ({ page, browser }) => {
  const email = uniqueEmail('confirm');
  await registerFan(page, email, PASSWORD);

  const notice = page.getByRole('region', { name: 'Please confirm your e-mail address' });
  await expect(notice).toContainText(`Please confirm your e-mail address: we sent a link to ${email}.`);
  await expect(page.getByRole('region', { name: 'Your tickets' })).toContainText('Confirm your e-mail address to see tickets bought with it.');
  await expect(page.getByRole('switch', { name: 'Weekly digest e-mails' })).toBeDisabled();
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(notice.getByRole('status')).toHaveText(`We sent a new link to ${email}. It works for 24 hours.`);
  await shot(page, 'dashboard-unconfirmed-email');
  await expectAccessible(page);

  // Issue 34: one e-mail at registration, the welcome, whose button (its first link) confirms the address.
  const link = await readEmailedLink(browser, 'Welcome to Marquee: confirm your e-mail address', email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(page.getByRole('status')).toHaveText('Thank you: your e-mail address is confirmed.');
  await shot(page, 'email-confirmed');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fan Dashboard');
  await expect(page.getByRole('switch', { name: 'Weekly digest e-mails' })).toBeEnabled();
  await expect(notice).toHaveCount(0);

  // The same link later, or a broken one, says what to do.
  await page.goto(`${link.replace(/token=[^&]+/, 'token=broken')}`);
  await expect(page.getByRole('alert')).toHaveText('This link is not valid. Ask for a new one with "Send the link again" on your dashboard.');
});

test('an admin impersonates a band and stops', async ({ page }) => {
  const admin = demoAccount('admin');
  const band = demoAccount('band');
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Users', { exact: true }).first()).toBeVisible();
  await shot(page, 'dashboard-admin');
  await expectAccessible(page);
  await page.getByLabel('Search users').fill(band.email);
  await page.getByLabel('Search users').press('Enter');
  await expect(page.getByText('1 found · page 1 of 1')).toBeVisible();
  await page.getByRole('button', { name: `Impersonate ${band.email}` }).click();
  await expect(page.getByText(/Currently Impersonating/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Band / Artist Dashboard');
  await shot(page, 'impersonating-band');
  await page.getByRole('button', { name: 'Stop Impersonating' }).click();
  await expect(page.getByText(/Currently Impersonating/)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});

test('the dashboard sends visitors to log in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'login');
});
