import { expect, test, type Page } from '@playwright/test';
import { todayIn } from '../../src/core/time.ts';
import { demoAccount, logIn, shot } from './helpers.ts';

// Issue 12 (D19): a follower hears of the band's new show by e-mail and unsubscribes with one click.
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The admin opens the newest outbox message matching `subject` to `email` and reveals its links. */
async function openMail(admin: Page, subject: RegExp, email: string) {
  await admin.goto('/admin/outbox');
  await admin.getByRole('button', { name: new RegExp(`${subject.source}.*To ${escape(email)}`) }).first().click();
  await admin.getByRole('button', { name: 'Show hidden links' }).click();
  return admin.getByTestId('message-body').getByRole('link');
}

test('a follower gets the new-gig e-mail when a venue books the band, and unsubscribes with one click', async ({ page, browser }) => {
  const band = demoAccount('band');
  const email = `gig-follower-${Date.now()}@e2e.test`;
  await page.goto(`/band/${band.name.toLowerCase().replace(/\s+/g, '')}`);
  await page.getByLabel(`Your e-mail to follow ${band.name}`).first().fill(email);
  await page.getByRole('button', { name: 'Follow' }).first().click();
  await expect(page.getByText(`Almost there: check your inbox to confirm you're following ${band.name}.`).first()).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, demoAccount('admin').email, demoAccount('admin').password);
  const confirm = await openMail(admin, /follow/, email);
  await page.goto((await confirm.first().getAttribute('href'))!);
  await expect(page.getByText(`You're now following ${band.name}!`, { exact: false })).toBeVisible();

  // The venue posts a gig, the band applies and the venue books it: the band's followers are told.
  // (A band the venue chooses itself is announced only after its day to decline, D34.)
  const venue = await (await browser.newContext()).newPage();
  await logIn(venue, demoAccount('venue').email, demoAccount('venue').password);
  await venue.getByRole('button', { name: 'Post a gig' }).click();
  const form = venue.getByRole('region', { name: 'Add New Gig Opportunity' });
  await form.getByLabel('Date').fill(todayIn('America/Chicago'));
  await form.getByLabel('Start time hour').selectOption('22');
  await form.getByLabel('Description').fill('Late show for the followers');
  await form.getByLabel('Load in & sound check').fill('Load in 8pm');
  await form.getByLabel('Compensation').fill('$250');
  await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
  await expect(venue.getByText('Gig opportunity created successfully!')).toBeVisible();
  const bandPage = await (await browser.newContext()).newPage();
  await logIn(bandPage, band.email, band.password);
  const opening = bandPage.getByRole('listitem').filter({ hasText: 'Late show for the followers' });
  await opening.getByRole('button', { name: /^Apply/ }).click();
  await expect(opening.getByText('Applied')).toBeVisible();
  await venue.reload();
  await venue.getByRole('article').filter({ hasText: 'Late show for the followers' }).getByRole('button', { name: `Approve ${band.name}` }).click();
  await venue.getByRole('dialog', { name: `Book ${band.name}?` }).getByRole('button', { name: `Book ${band.name}` }).click();
  await expect(venue.getByRole('tab', { name: /Upcoming Approved Gigs/ })).toBeVisible();

  // The notice is sent by a job after the booking commits: it lands in the outbox moments later.
  await expect(async () => {
    await admin.goto('/admin/outbox');
    await expect(admin.getByRole('button', { name: new RegExp(`${escape(band.name)} has a new show.*To ${escape(email)}`) }).first()).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  const links = await openMail(admin, new RegExp(`${escape(band.name)} has a new show`), email);
  const unsubscribe = await links.filter({ hasText: /unsubscribe/ }).first().getAttribute('href');
  await shot(admin, 'new-gig-email');

  // One click on the link: unsubscribed, no sign-in.
  await page.goto(unsubscribe!);
  await expect(page.getByText(`You're unsubscribed: no more e-mails about ${band.name}.`)).toBeVisible();
});
