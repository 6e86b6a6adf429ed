import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatLocalDate, todayIn } from '../../src/core/time.ts';
import { demoAccount, expectAccessible, logIn, shot, uniqueEmail } from './helpers.ts';

// Today at midnight in Chicagoland sorts first among open opportunities, so it is on page one.
const TODAY = todayIn('America/Chicago');

async function signedIn(browser: Browser, role: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, demoAccount(role).email, demoAccount(role).password);
  return page;
}

/** 'Post a gig' at the top of the dashboard opens the add-gig form in a dialog (issue 21). */
async function openGigForm(page: Page) {
  await page.getByRole('button', { name: 'Post a gig' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Gig Opportunity' }).getByRole('region', { name: 'Add New Gig Opportunity' });
  await expect(form).toBeVisible();
  return form;
}

async function fillGig(page: Page, { description, hour, date = TODAY }: { description: string; hour: string; date?: string }) {
  const form = page.getByRole('region', { name: 'Add New Gig Opportunity' });
  if (!(await form.isVisible())) await openGigForm(page);
  await form.getByLabel('Date').fill(date);
  await form.getByLabel('Start time hour').selectOption(hour);
  await form.getByLabel('Start time minute').selectOption('00');
  await form.getByLabel('End time hour').selectOption('23');
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Load in & sound check').fill('Load in 5pm, sound check 6pm');
  await form.getByLabel('Compensation').fill('$300 guarantee');
  return form;
}

test('a venue posts a ticketed gig, a band and a manager apply, the venue books the band and the gig goes public', async ({ page, browser }) => {
  // Three accounts, a dozen full-page screenshots and the public pages: longer than one story's usual two minutes.
  test.setTimeout(240_000);
  const venue = demoAccount('venue');
  await logIn(page, venue.email, venue.password);
  // Issue 21: 'Post a gig' is on the first screen, before the profile.
  const post = page.getByRole('button', { name: 'Post a gig' });
  await expect(post).toBeInViewport();
  await expect(page.getByRole('tab', { name: /Upcoming Gigs to be Approved/ })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  const form = await fillGig(page, { description: 'Midnight Matinee: an all-night rock marathon', hour: '00' });
  // The band select waits for 'Band already Chosen'.
  await expect(form.getByLabel('Band', { exact: true })).toBeDisabled();
  await form.getByLabel('Sell tickets through Marquee').check();
  await form.getByLabel('Ticket price ($)').fill('18.50');
  await form.getByLabel('Ticket quantity').fill('150');
  await expect(form.getByText('Remaining: 0%')).toBeVisible();
  await form.getByLabel('Band %').fill('60');
  await expect(form.getByText('Must total 75%')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add Gig Opportunity' })).toBeDisabled();
  await form.getByLabel('Venue %').fill('15');
  await expect(form.getByText('Remaining: 0%')).toBeVisible();
  await shot(page, 'venue-add-gig');
  await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Gig opportunity created successfully!')).toBeVisible();
  // The link opens the new gig in its tab, on screen and focused.
  await page.getByRole('link', { name: "See it in 'Upcoming Gigs to be Approved'" }).click();
  const posted = page.getByRole('article').filter({ hasText: 'Midnight Matinee' });
  await expect(posted).toBeFocused();
  await expect(posted).toBeInViewport();
  await shot(page, 'venue-posted-gig');

  // A band applies from its dashboard.
  const band = await signedIn(browser, 'band');
  const bandGig = band.getByRole('listitem').filter({ hasText: 'Midnight Matinee' });
  await bandGig.getByRole('button', { name: /^Apply/ }).click();
  await expect(bandGig.getByText('Applied')).toBeVisible();
  await expectAccessible(band);
  await shot(band, 'band-dashboard');

  // A manager applies for one of its artists.
  const manager = await signedIn(browser, 'artist_manager');
  await expect(manager.getByRole('heading', { name: 'Managed artists' })).toBeVisible();
  const managerGig = manager.getByRole('listitem').filter({ hasText: 'Midnight Matinee' });
  const artistSelect = managerGig.getByRole('combobox');
  const artistName = (await artistSelect.locator('option').nth(1).textContent())!;
  await artistSelect.selectOption({ label: artistName });
  await managerGig.getByRole('button', { name: /^Apply/ }).click();
  await expect(managerGig.getByText('Applied')).toBeVisible();
  await expectAccessible(manager);
  await shot(manager, 'manager-dashboard');

  // The venue sees both applicants and approves the band.
  await page.reload();
  const card = page.getByRole('article').filter({ hasText: 'Midnight Matinee' });
  await expect(card.getByRole('link', { name: artistName })).toBeVisible();
  await shot(page, 'venue-applicants');
  // Issue 21: Approve asks first, with the date and who hears what; then says what happened.
  const bandName = demoAccount('band').name;
  await card.getByRole('button', { name: `Approve ${bandName}` }).click();
  const confirm = page.getByRole('dialog', { name: `Book ${bandName}?` });
  await expect(confirm.getByText(formatLocalDate(TODAY))).toBeVisible();
  await expect(confirm.getByText('The other applicant is turned down and e-mailed that another act got the date.')).toBeVisible();
  await shot(page, 'venue-approve-confirm');
  await confirm.getByRole('button', { name: `Book ${bandName}` }).click();
  await expect(page.getByText(`${bandName} is booked for ${formatLocalDate(TODAY)}. ${bandName} and the other applicant will get an e-mail with the outcome.`)).toBeVisible();
  await page.getByRole('link', { name: "See it in 'Upcoming Approved Gigs'" }).click();
  const booked = page.getByRole('article').filter({ hasText: 'Midnight Matinee' });
  await expect(booked.getByText(`Booked: ${bandName}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: /Upcoming Approved Gigs/ })).toHaveAttribute('aria-selected', 'true');

  // The manager's artist was not chosen.
  await manager.reload();
  await expect(manager.getByRole('region', { name: 'Your applications' }).getByRole('listitem').filter({ hasText: artistName }).first().getByText('Rejected')).toBeVisible();

  // The gig is public on its region page and on the band's site.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/chicago');
  await expect(visitor.getByText(/Buy Tickets \$18\.50/).first()).toBeVisible();
  await visitor.goto('/band/thevelvetstatic');
  await expect(visitor.getByText(/12:00 AM/).first()).toBeVisible();
});

test('a venue edits a gig inline and deletes another, with the spec messages', async ({ page }) => {
  const venue = demoAccount('venue');
  await logIn(page, venue.email, venue.password);
  for (const description of ['Edit me: open mic', 'Delete me: cancelled show']) {
    const form = await fillGig(page, { description, hour: '01' });
    await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
    await expect(page.getByText('Gig opportunity created successfully!')).toBeVisible();
  }

  const card = page.getByRole('article').filter({ hasText: 'Edit me: open mic' });
  await card.getByRole('button', { name: /^Edit/ }).click();
  // One gig is in edit mode; its text changes as it is typed, so the form is found on its own.
  const edit = page.getByRole('form', { name: 'Edit gig' });
  await edit.getByLabel('Description').fill('Edited: open mic with a house band');
  await edit.getByLabel('Sell tickets through Marquee').check();
  await edit.getByLabel('Ticket price ($)').fill('10');
  await edit.getByLabel('Ticket quantity').fill('80');
  await edit.getByLabel('Band %').fill('70');
  await expect(edit.getByText('5%', { exact: true })).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  const edited = page.getByRole('article').filter({ hasText: 'Edited: open mic' });
  await expect(edited.getByText('Gig updated successfully!')).toBeVisible();
  await expect(edited.getByText(/\$10\.00 · 0 of 80 sold · band 70%, venue 5%/)).toBeVisible();

  const doomed = page.getByRole('article').filter({ hasText: 'Delete me: cancelled show' });
  await doomed.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete gig' });
  await expect(dialog.getByText('Are you sure you want to delete this gig? This action cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Gig deleted successfully!')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Delete me: cancelled show' })).toHaveCount(0);
});

test('a weekly series and a gig with its band already chosen', async ({ page }) => {
  const venue = demoAccount('venue');
  await logIn(page, venue.email, venue.password);
  let form = await fillGig(page, { description: 'Tuesday residency', hour: '20' });
  await form.getByLabel('Recurring weekly').check();
  await form.getByLabel('Number of weeks').selectOption('3');
  await expect(form.getByText('This will create 3 separate gig opportunities, one for each week.')).toBeVisible();
  await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
  await expect(page.getByText('Successfully created 3 recurring gig opportunities!')).toBeVisible();

  form = await fillGig(page, { description: 'Already booked: a night with friends', hour: '21' });
  await form.getByLabel('Band already Chosen').check();
  await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
  await expect(form.getByText('Please select a band for this gig or uncheck "Band already Chosen".')).toBeVisible();
  await form.getByLabel('Band', { exact: true }).selectOption({ label: demoAccount('band').name });
  await expect(form.getByText('Please select a band for this gig or uncheck "Band already Chosen".')).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
  await expect(page.getByText('Gig opportunity created successfully!')).toBeVisible();
  await page.getByRole('link', { name: "See it in 'Upcoming Approved Gigs'" }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Already booked: a night with friends' })).toBeFocused();
});

test('a promoter posts for an associated venue and books an applicant; bands are notified by e-mail', async ({ page, browser }) => {
  const promoter = demoAccount('promoter');
  await logIn(page, promoter.email, promoter.password);
  const form = await openGigForm(page);
  // The demo promoter's venues include the demo venue, which then sees the gig (issue 21).
  const venueName = (await form.getByLabel('Venue', { exact: true }).locator('option', { hasText: demoAccount('venue').name }).textContent())!;
  await form.getByLabel('Venue', { exact: true }).selectOption({ label: venueName });
  await fillGig(page, { description: 'Promoter presents: late-night jazz', hour: '00' });
  await form.getByLabel('Sell tickets through Marquee').check();
  await form.getByLabel('Ticket price ($)').fill('12');
  await form.getByLabel('Ticket quantity').fill('60');
  await form.getByLabel('Promoter %').fill('30');
  await expect(form.getByText('Band + Promoter must total 75%')).toBeVisible();
  await form.getByLabel('Promoter %').fill('25');
  await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
  await expect(page.getByText('Gig opportunity created successfully!')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'promoter-dashboard');

  // The venue sees the promoter's gig read-only, marked with the promoter's name (issue 21).
  const venue = await signedIn(browser, 'venue');
  const promoterGigs = venue.getByRole('region', { name: "Promoters' gigs at your venue" });
  const atVenue = promoterGigs.getByRole('listitem').filter({ hasText: 'late-night jazz' });
  await expect(atVenue.getByText('Run by Northside Sound')).toBeVisible();
  await expect(atVenue.getByRole('button')).toHaveCount(0);
  await atVenue.scrollIntoViewIfNeeded();
  await shot(venue, 'venue-promoter-gigs');

  const band = await signedIn(browser, 'band');
  const gig = band.getByRole('listitem').filter({ hasText: 'late-night jazz' });
  await gig.getByRole('button', { name: /^Apply/ }).click();
  await expect(gig.getByText('Applied')).toBeVisible();

  await page.reload();
  const card = page.getByRole('article').filter({ hasText: 'late-night jazz' });
  await card.getByRole('button', { name: `Approve ${demoAccount('band').name}` }).click();
  await page.getByRole('dialog', { name: `Book ${demoAccount('band').name}?` }).getByRole('button', { name: `Book ${demoAccount('band').name}` }).click();
  await expect(page.getByRole('tab', { name: /Upcoming Approved Gigs/ })).toBeVisible();

  // Notify bands about the venue.
  await page.getByRole('button', { name: 'Notify Bands' }).click();
  const modal = page.getByRole('dialog', { name: 'Select Bands to Notify' });
  await expect(modal.getByRole('button', { name: 'Send Notifications' })).toBeDisabled();
  await modal.getByLabel('Venue', { exact: true }).selectOption({ label: venueName });
  const checkboxes = modal.getByRole('checkbox');
  await checkboxes.nth(0).check();
  await checkboxes.nth(1).check();
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Send Notifications' }).click();
  await expect(modal.getByText(`Success! 2 bands will get an e-mail about ${venueName}'s open gigs.`)).toBeVisible();

  const admin = await signedIn(browser, 'admin');
  await expect(async () => {
    await admin.goto('/admin/outbox');
    await expect(admin.getByRole('button', { name: new RegExp(`${venueName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is booking`) }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});

test("a band with the beta keyword in its name sees Beta Venue Outreach with its SUPERBAND badge; others do not", async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('goldtop'));
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-123');
  await page.getByLabel('Account type').selectOption({ label: 'Band / Artist' });
  await page.getByLabel('Band name', { exact: true }).fill(`The Goldtop Drifters ${Date.now()}`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const beta = page.getByRole('link', { name: /Beta Venue Outreach/ });
  await expect(beta).toHaveAttribute('href', '/beta-venue-outreach');
  await expect(beta.getByText('SUPERBAND')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Profile & Website' })).toHaveAttribute('href', '/edit-profile');

  const other = await (await page.context().browser()!.newContext()).newPage();
  await logIn(other, demoAccount('band').email, demoAccount('band').password);
  await expect(other.getByRole('link', { name: 'Manage Profile & Website' })).toBeVisible();
  await expect(other.getByRole('link', { name: /Beta Venue Outreach/ })).toHaveCount(0);
});

test('the gig form clears each error as it is fixed, and a missing date is not a server failure (issue 21)', async ({ page }) => {
  await logIn(page, demoAccount('venue').email, demoAccount('venue').password);
  const form = await fillGig(page, { description: 'Error check: acoustic night', hour: '18', date: '' });
  await form.getByLabel('Compensation').fill('');
  await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
  await expect(form.getByText('Please choose the date.')).toBeVisible();
  await expect(form.getByText('Please describe the compensation.')).toBeVisible();
  await expect(page.getByText(/Error creating gig/)).toHaveCount(0);
  await expect(form.getByLabel('Date')).toBeFocused();
  await shot(page, 'gig-form-errors');
  await form.getByLabel('Date').fill(TODAY);
  await expect(form.getByText('Please choose the date.')).toHaveCount(0);
  await expect(form.getByText('Please describe the compensation.')).toBeVisible();
  await form.getByLabel('Compensation').fill('Door split');
  await expect(form.getByText('Please describe the compensation.')).toHaveCount(0);
  await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
  await expect(page.getByText('Gig opportunity created successfully!')).toBeVisible();
});

test('/promoter-dashboard shows the promoter its dashboard and sends others where /dashboard does (issue 21)', async ({ page, browser }) => {
  await page.goto('/promoter-dashboard');
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, demoAccount('promoter').email, demoAccount('promoter').password);
  await page.goto('/promoter-dashboard');
  await expect(page.getByRole('heading', { name: 'Promoter Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Post a gig' })).toBeVisible();
  await expect(page).toHaveURL(/\/promoter-dashboard$/);
  await shot(page, 'promoter-dashboard-route');
  const venue = await signedIn(browser, 'venue');
  await venue.goto('/promoter-dashboard');
  await expect(venue).toHaveURL(/\/dashboard$/);
  await expect(venue.getByRole('heading', { name: 'Venue Dashboard' })).toBeVisible();
});
