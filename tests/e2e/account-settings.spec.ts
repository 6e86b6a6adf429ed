// Issue 21, items 3, 4, 5, 16 and 17 at laptop size: account settings for everyone, each role's
// /edit-profile, the admin's bypass and beta controls, and login that returns where it started.
import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, readEmailedLink, registerFan, shot, uniqueEmail } from './helpers.ts';

const PASSWORD = 'settings-e2e-pass-9';

test('a fan changes location, e-mail (by the link in the new inbox) and password, then deletes the account', async ({ page, browser }) => {
  const email = uniqueEmail('settings');
  const newEmail = uniqueEmail('moved');
  await registerFan(page, email, PASSWORD);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();

  await page.getByLabel('Your region').selectOption({ label: 'Nashville' });
  await page.getByRole('button', { name: 'Save location' }).click();
  await expect(page.getByText('Your location is now Nashville.')).toBeVisible();

  const emailCard = page.getByRole('region', { name: 'E-mail address' });
  await emailCard.getByLabel('New e-mail address').fill(newEmail);
  await emailCard.getByLabel('Current password').fill('not-my-password');
  await emailCard.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(emailCard.getByText('That is not your current password.')).toBeVisible();
  await emailCard.getByLabel('Current password').fill(PASSWORD);
  // The field's error goes as soon as it is corrected.
  await expect(emailCard.getByText('That is not your current password.')).toHaveCount(0);
  await emailCard.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(emailCard.getByText(`We sent a link to ${newEmail}.`, { exact: false })).toBeVisible();
  await expect(emailCard.getByText(`You sign in with ${email}`)).toBeVisible();
  await shot(page, 'account-settings-laptop');
  await expectAccessible(page);

  // The person opens the e-mail in the new inbox, on another device.
  const link = await readEmailedLink(browser, 'Confirm your new e-mail address for Marquee', newEmail);
  expect(link).toContain('/confirm-email-change?token=');
  const other = await (await browser.newContext()).newPage();
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Confirm your new e-mail address' })).toBeVisible();
  await shot(other, 'confirm-email-change-laptop');
  await other.getByRole('button', { name: 'Confirm new e-mail address' }).click();
  await expect(other.getByText(`Your e-mail address is now ${newEmail}. Sign in with it from now on.`)).toBeVisible();

  await page.reload();
  await expect(emailCard.getByText(`You sign in with ${newEmail} (confirmed).`)).toBeVisible();

  const passwordCard = page.getByRole('form', { name: 'Change password' });
  await passwordCard.getByLabel('Current password').fill(PASSWORD);
  await passwordCard.getByLabel('New password', { exact: true }).fill('a-whole-new-secret-4');
  await passwordCard.getByLabel('Confirm new password').fill('a-whole-new-secret-4');
  await passwordCard.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. You were signed out everywhere else.')).toBeVisible();

  const deleteCard = page.getByRole('region', { name: 'Delete account' });
  await deleteCard.getByRole('button', { name: 'Delete my account…' }).click();
  await deleteCard.getByLabel('Current password').fill('a-whole-new-secret-4');
  await shot(page, 'account-delete-laptop');
  await deleteCard.getByRole('button', { name: 'Delete my account permanently' }).click();
  await expect(page).toHaveURL(/\/login\?deleted=1$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill('a-whole-new-secret-4');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('/edit-profile gives every role an editor', async ({ page }) => {
  const cases: [string, RegExp][] = [
    ['musician', /Your profile/],
    ['admin', /Your profile/],
    ['promoter', /Edit Promoter Profile|Promoter/],
    ['artist_manager', /Manager/],
    ['rehearsal_space', /Welcome, /],
  ];
  for (const [role, heading] of cases) {
    const account = demoAccount(role);
    await page.context().clearCookies();
    await logIn(page, account.email, account.password);
    await page.goto('/edit-profile');
    await expect(page).toHaveURL(/\/edit-profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByText('No profile found')).toHaveCount(0);
    if (role === 'musician') {
      await expect(page.getByRole('region', { name: 'E-mail address' })).toBeVisible();
      await shot(page, 'edit-profile-musician-laptop');
    }
  }
});

test('login returns to the page that asked for it, and never leaves the site', async ({ page }) => {
  const venue = demoAccount('venue');
  // The door app (issue 24) sends a visitor to log in and back.
  await page.goto('/qr-scanner');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fqr-scanner%2F$/);
  await page.getByLabel('Email', { exact: true }).fill(venue.email);
  await page.getByLabel('Password', { exact: true }).fill(venue.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/qr-scanner\/$/);
  await expect(page.getByRole('heading', { name: 'Set up this door' })).toBeVisible();

  for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', '%2F%2Fevil.example']) {
    await page.context().clearCookies();
    await page.goto(`/login?next=${next}`);
    await page.getByLabel('Email', { exact: true }).fill(venue.email);
    await page.getByLabel('Password', { exact: true }).fill(venue.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
  }
});

test('each role finds its tools in the menu: the scanner, my website, open jam, account', async ({ page }) => {
  const menuFor = async (role: string) => {
    const account = demoAccount(role);
    await page.context().clearCookies();
    await logIn(page, account.email, account.password);
    return page.getByRole('navigation', { name: 'Main' });
  };
  let nav = await menuFor('band');
  await expect(nav.getByRole('link', { name: 'My Website' })).toHaveAttribute('href', '/my-website');
  await expect(nav.getByRole('link', { name: 'Door Scanner' })).toHaveAttribute('href', '/qr-scanner/');
  await shot(page, 'menu-band-laptop');
  nav = await menuFor('promoter');
  await expect(nav.getByRole('link', { name: 'Door Scanner' })).toBeVisible();
  nav = await menuFor('musician');
  await nav.getByRole('link', { name: 'Open Jam' }).click();
  await expect(page).toHaveURL(/\/open-jam$/);
  await expect(nav.getByRole('link', { name: 'Gear Swap' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Door Scanner' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Account' })).toBeVisible();
});

test('an admin grants beta outreach from the users list and runs Admin Bypass (Test) for a chosen band', async ({ page }) => {
  const admin = demoAccount('admin');
  const band = demoAccount('band');
  await logIn(page, admin.email, admin.password);
  await page.getByLabel('Search users').fill(band.email);
  await page.getByLabel('Search users').press('Enter');
  await expect(page.getByRole('navigation', { name: 'Users pages' }).getByText('1 found · page 1 of 1')).toBeVisible();
  const users = page.getByRole('region', { name: 'Users table' });
  const grant = users.getByRole('button', { name: `Grant beta outreach for ${band.name}` });
  const revoke = users.getByRole('button', { name: `Revoke beta outreach for ${band.name}` });
  // The demo band may start either way; toggle twice and end where it began.
  const startsOn = (await revoke.count()) > 0;
  await (startsOn ? revoke : grant).click();
  await expect(page.getByText(`Beta outreach ${startsOn ? 'revoked for' : 'granted to'} ${band.name}.`)).toBeVisible();
  await expect(users.getByRole('cell', { name: startsOn ? 'Off' : 'On', exact: true })).toBeVisible();
  await (startsOn ? grant : revoke).click();
  await expect(page.getByText(`Beta outreach ${startsOn ? 'granted to' : 'revoked for'} ${band.name}.`)).toBeVisible();

  const bypass = page.getByRole('region', { name: 'Admin Bypass (Test)' });
  await bypass.getByLabel('Find a band').fill('velvet');
  await bypass.getByRole('button', { name: 'Search bands' }).click();
  await bypass.getByLabel('Band', { exact: true }).selectOption({ label: `${band.name} (${band.email})` });
  await bypass.getByLabel('Location').selectOption({ label: 'Nashville' });
  await shot(page, 'admin-bypass-laptop');
  page.once('dialog', (dialog) => void dialog.accept());
  await bypass.getByRole('button', { name: 'Admin Bypass (Test)' }).click();
  await expect(bypass.getByText(`Test campaign started for ${band.name} in Nashville: every e-mail goes to ${admin.email}.`)).toBeVisible();
  await expectAccessible(page);
});
