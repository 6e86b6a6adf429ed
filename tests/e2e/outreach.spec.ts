import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot, uniqueEmail } from './helpers.ts';
import { OUTREACH_MESSAGES } from '../../src/core/outreach.ts';

// Each story uses its own location, so their campaigns and e-mails never mix:
// beta Milwaukee, standard Detroit, admin bypass Madison, test e-mail Indianapolis.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PHONE = { width: 375, height: 812 };

async function signedIn(browser: Browser, role: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, demoAccount(role).email, demoAccount(role).password);
  return page;
}

async function payOnSandbox(page: Page, price: string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${price}` }).click();
}

/** The venues a campaign in the location e-mails (at most 10: enough for the small demo locations). */
async function reachableVenues(page: Page, regionSlug: string): Promise<string[]> {
  const res = await page.request.get(`/api/outreach/venues?regionSlug=${regionSlug}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { venues: { name: string }[] }).venues.map((v) => v.name);
}

test('a beta band picks a location and package, previews the e-mail, enters its draw, pays and sees the campaign completed', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('goldtop-outreach'));
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-123');
  await page.getByLabel('Account type').selectOption({ label: 'Band / Artist' });
  const bandName = `Goldtop Outreach ${Date.now()}`;
  await page.getByLabel('Band name', { exact: true }).fill(bandName);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: /Beta Venue Outreach/ }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beta Venue Outreach System');
  await expect(page.getByText('SUPERBAND BETA')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Beta Campaigns' })).toBeVisible();
  await expect(page.getByText('No beta campaigns yet. Launch one above.')).toBeVisible();
  const draw = page.getByLabel('Band Draw Information');
  await expect(draw).toHaveAttribute('placeholder', '50-75 people, 100+ fans');
  await expect(page.getByText('Help venues understand your typical audience size.')).toBeVisible();
  const location = page.getByRole('main').getByLabel('Location', { exact: true });
  await expect(location.locator('option').first()).toHaveText('Choose a location...');
  await expect(location.locator('option', { hasText: 'Milwaukee' })).toHaveText(/^Milwaukee \(\d+ active venues?\)$/);
  await expect(page.getByRole('button', { name: /Select Package/ })).toHaveCount(0);

  const options = (await (await page.request.get('/api/outreach/options')).json()) as { locations: { slug: string; venuesWithEmail: number }[] };
  const reach = Math.min(options.locations.find((l) => l.slug === 'milwaukee')!.venuesWithEmail, 25);
  expect(reach).toBeGreaterThan(0);
  await location.selectOption('milwaukee');
  const opener = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Opener Basic' }) });
  await expect(opener.getByText('OPENER', { exact: true })).toBeVisible();
  await expect(opener.getByText('$19.99', { exact: true })).toBeVisible();
  await expect(opener.getByText(`Will reach ${reach} venue`)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Headline Basic' }) }).getByText('HEADLINE', { exact: true })).toBeVisible();
  await opener.getByRole('button', { name: /Select Package/ }).click();
  await expect(opener.getByRole('button', { name: /Selected/ })).toBeVisible();

  await page.getByRole('button', { name: 'Preview Email' }).click();
  const modal = page.getByRole('dialog', { name: 'Opener Opportunity' });
  await expect(modal.getByText(`Opener inquiry: ${bandName} at`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'outreach-beta-preview');
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(modal).toBeHidden();

  const launch = page.getByRole('button', { name: 'Launch Campaign $19.99' });
  await expect(page.getByRole('heading', { name: 'Ready to Launch Campaign?' })).toBeVisible();
  await expect(launch).toBeDisabled();
  await expect(page.getByText('Please enter your band draw information above to continue')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'outreach-beta');
  await page.setViewportSize(PHONE);
  await shot(page, 'outreach-beta-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  await draw.fill('50-75 people, 100+ fans');
  await expect(page.getByText('Please enter your band draw information above to continue')).toHaveCount(0);
  await launch.click();
  await payOnSandbox(page, '$19.99');

  await expect(page).toHaveURL(/\/outreach-success\?session_id=/);
  await expect(page.getByText('Opener Basic')).toBeVisible();
  await expect(page.getByText('Milwaukee')).toBeVisible();
  await expect(page.getByText('$19.99')).toBeVisible();
  await expect(page.getByText(`Campaign completed: ${reach} ${reach === 1 ? 'venue' : 'venues'} reached.`)).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await shot(page, 'outreach-success');
  await page.setViewportSize(PHONE);
  await shot(page, 'outreach-success-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.getByRole('link', { name: 'Back to Beta Venue Outreach' }).click();
  const row = page.getByRole('region', { name: 'Your Beta Campaigns' }).getByRole('row').filter({ hasText: 'Milwaukee' });
  await expect(row.getByRole('cell')).toHaveText([/\w/, 'Opener', 'Milwaukee', String(reach), 'Completed', '0']);
});

test("a band buys a standard campaign; a venue's 'I'm interested' link from the outbox e-mail shows up as a response", async ({ page, browser }) => {
  const band = demoAccount('band');
  await logIn(page, band.email, band.password);
  await page.goto('/band-outreach');
  await page.getByRole('main').getByLabel('Location', { exact: true }).selectOption('detroit');
  const basic = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Basic Outreach' }) });
  await expect(page.getByRole('heading', { name: 'Pro Campaign' })).toBeVisible();
  await basic.getByRole('button', { name: /Select Package/ }).click();
  await expect(page.getByLabel('Custom message')).toHaveCount(0);
  await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pro Campaign' }) }).getByRole('button', { name: /Select Package/ }).click();
  await expect(page.getByLabel('Custom message')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'outreach-standard');
  await page.setViewportSize(PHONE);
  await shot(page, 'outreach-standard-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  await basic.getByRole('button', { name: /Select Package/ }).click();
  await page.getByRole('button', { name: 'Buy Now $29.99' }).click();
  await payOnSandbox(page, '$29.99');
  await expect(page).toHaveURL(/\/outreach-success\?session_id=/);
  await expect(page.getByText(/Campaign completed: \d+ venues? reached/)).toBeVisible({ timeout: 20_000 });

  // The admin reads one of the campaign's e-mails in the outbox and follows its respond link.
  const [venueName] = await reachableVenues(page, 'detroit');
  const admin = await signedIn(browser, 'admin');
  await admin.goto('/admin/outbox');
  await admin.getByRole('button', { name: new RegExp(`^Booking inquiry: ${escape(band.name)} at ${escape(venueName!)}`) }).first().click();
  await admin.getByRole('button', { name: 'Show hidden links' }).click();
  const respond = admin.getByRole('link', { name: /\/outreach\/respond\// });
  const optOutHref = await admin.getByRole('link', { name: /\/outreach\/opt-out\// }).getAttribute('href');
  await respond.click();
  await expect(admin.getByRole('heading', { name: 'Interested in this band?' })).toBeVisible();
  await expectAccessible(admin);
  await shot(admin, 'outreach-respond');
  await admin.getByRole('button', { name: "Yes, I'm interested" }).click();
  await expect(admin.getByText(`Thanks — ${band.name} has been told you are interested`)).toBeVisible();

  // The opt-out page says what it will do; nothing happens until its button is pressed.
  await admin.goto(optOutHref!);
  await expect(admin.getByRole('button', { name: 'Opt out of booking requests' })).toBeVisible();
  await expectAccessible(admin);
  await admin.setViewportSize(PHONE);
  await shot(admin, 'outreach-opt-out-phone');
  await admin.goto('/outreach/respond/not-a-real-token-0000000000');
  await admin.getByRole('button', { name: "Yes, I'm interested" }).click();
  await expect(admin.getByRole('alert')).toHaveText('This link is not valid any more. Reply to the e-mail instead.');

  await page.goto('/band-outreach');
  const row = page.getByRole('region', { name: 'Previous campaigns' }).getByRole('row').filter({ hasText: 'Detroit' }).filter({ hasText: 'Basic Outreach' });
  await expect(row.getByRole('cell').last()).toHaveText('1');
  await expect(row.getByText('Completed')).toBeVisible();
});

test('an admin impersonating a band runs Admin Bypass (Test): every e-mail of the run goes to the admin', async ({ page }) => {
  const admin = demoAccount('admin');
  const band = demoAccount('band');
  await logIn(page, admin.email, admin.password);
  const madison = await reachableVenues(page, 'madison');
  expect(madison.length).toBeGreaterThan(0);
  await page.getByLabel('Search users').fill(band.email);
  await page.getByLabel('Search users').press('Enter');
  await page.getByRole('button', { name: `Impersonate ${band.email}` }).click();
  await expect(page.getByText(/Currently Impersonating/)).toBeVisible();

  const card = page.getByRole('region', { name: 'Venue Outreach Campaign' });
  await card.getByLabel('Location', { exact: true }).selectOption('madison');
  page.once('dialog', (dialog) => void dialog.accept());
  await card.getByRole('button', { name: 'Admin Bypass (Test)' }).click();
  await expect(card.getByText(`Test campaign started for ${band.name} in Madison: every e-mail goes to ${admin.email}.`)).toBeVisible();
  const row = card.getByRole('row').filter({ hasText: 'Madison' });
  await expect(row.getByText('Completed (test)')).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(madison.length));
  await expectAccessible(page);
  await shot(page, 'outreach-admin-bypass');

  await page.getByRole('button', { name: 'Stop Impersonating' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.goto('/admin/outbox');
  for (const venue of madison) {
    const mails = page.getByRole('button', { name: new RegExp(`^Booking inquiry: ${escape(band.name)} at ${escape(venue)}`) });
    await expect(mails).toHaveCount(1);
    await expect(mails).toContainText(`To ${admin.email}`);
  }
});

test('the standard page asks visitors to log in and offers a fan to sponsor a band (the band agrees first); the beta tool is for beta bands', async ({ page, browser }) => {
  await page.goto('/band-outreach');
  await expect(page.getByText('Please log in to access the venue outreach system.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  await expectAccessible(page);
  await page.goto('/beta-venue-outreach');
  await expect(page.getByText('Authentication Required - Please log in to access the beta venue outreach system.')).toBeVisible();

  const fan = await signedIn(browser, 'fan');
  await fan.goto('/band-outreach');
  await fan.getByRole('main').getByLabel('Location', { exact: true }).selectOption('chicagoland');
  await fan.getByRole('listitem').filter({ has: fan.getByRole('heading', { name: 'Premium Outreach' }) }).getByRole('button', { name: /Select Package/ }).click();
  // Issue 34: any signed-in user may pay for a campaign, in a band's name, once the band agrees (outreach-sponsor.spec.ts).
  await expect(fan.getByRole('heading', { name: '1. Choose the band' })).toBeVisible();
  await expect(fan.getByRole('heading', { name: '4. Ask the band' })).toBeVisible();
  await expect(fan.getByText(OUTREACH_MESSAGES.sponsorChooseBand)).toBeVisible();
  await expect(fan.getByRole('button', { name: 'Ask the band to agree' })).toBeDisabled();
  await expect(fan.getByRole('button', { name: /Buy Now/ })).toHaveCount(0);
  await expect(fan.getByRole('heading', { name: 'Previous campaigns' })).toHaveCount(0);
  await expect(fan.getByRole('heading', { name: 'Campaigns you sponsor' })).toBeVisible();
  await expectAccessible(fan);
  await shot(fan, 'outreach-standard-fan');

  const band = await signedIn(browser, 'band');
  await band.goto('/beta-venue-outreach');
  await expect(band.getByText('Beta Access Only - This feature is currently in beta testing for select bands.')).toBeVisible();
  await expectAccessible(band);
});

test("the dashboard card counts a location's venues, previews them, sends a test e-mail, and greets the return from checkout", async ({ page }) => {
  const band = demoAccount('band');
  await logIn(page, band.email, band.password);
  const card = page.getByRole('region', { name: 'Venue Outreach Campaign' });
  await expect(card.getByText('$199.00', { exact: true })).toBeVisible();
  await expect(card.getByText(/Venues typically respond within 24-48 hours/).first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Admin Bypass (Test)' })).toHaveCount(0);

  const names = await reachableVenues(page, 'indianapolis');
  await card.getByLabel('Location', { exact: true }).selectOption('indianapolis');
  await expect(card.getByRole('status').filter({ hasText: 'with an e-mail in Indianapolis' })).toHaveText(`${names.length} venue${names.length === 1 ? '' : 's'} with an e-mail in Indianapolis`);
  await card.getByRole('button', { name: 'Preview venues' }).click();
  await expect(card.getByRole('list', { name: 'First venues in Indianapolis' }).getByRole('listitem')).toHaveCount(names.length);

  // A location without venues: the campaign and test buttons are off.
  await card.getByLabel('Location', { exact: true }).selectOption('syracuse');
  await expect(card.getByRole('button', { name: 'Start Campaign $199.00' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Send Test Email' })).toBeDisabled();

  await card.getByLabel('Location', { exact: true }).selectOption('indianapolis');
  await card.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(card.getByText(`Test email sent to ${band.email}.`)).toBeVisible();
  await expectAccessible(page);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'outreach-dashboard-card');
  await page.setViewportSize(PHONE);
  await shot(page, 'outreach-dashboard-card-phone');

  await page.goto('/dashboard?outreach_success=true');
  await expect(card.getByText('Payment received! Your outreach campaign is on its way.', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

// Issue 21: Nashville is the follow-up story's location, Austin the package comparison's.

type Options = { locations: { slug: string; name: string; venuesWithEmail: number }[] };
async function venuesWithEmail(page: Page, slug: string): Promise<number> {
  const options = (await (await page.request.get('/api/outreach/options')).json()) as Options;
  return options.locations.find((l) => l.slug === slug)!.venuesWithEmail;
}
const venuesText = (n: number) => `${n} ${n === 1 ? 'venue' : 'venues'}`;

test("a beta band's profile facts reach the e-mail, Opener Premium says what it adds, and its follow-up shows in the band's and the admin's record", async ({ page, browser }) => {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('goldtop-follow-up'));
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-123');
  await page.getByLabel('Account type').selectOption({ label: 'Band / Artist' });
  const bandName = `Goldtop Follow Up ${Date.now()}`;
  await page.getByLabel('Band name', { exact: true }).fill(bandName);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The facts campaign e-mails tell venues (spec 3 §3), from the band's own profile.
  await page.goto('/edit-profile');
  await page.getByLabel('Years active').fill('Since 2016');
  await page.getByLabel('Performance style').fill('High-energy rock show with a light rig');
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByLabel('Member name 1').fill('Ann Lee');
  await page.getByLabel('Instrument 1').fill('Vocals');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: /Beta Venue Outreach/ }).click();
  // The dashboard's own outreach card has a Location too: choose only once the beta tool is here.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beta Venue Outreach System');
  const n = await venuesWithEmail(page, 'nashville');
  expect(n).toBeGreaterThan(0);
  await page.getByRole('main').getByLabel('Location', { exact: true }).selectOption('nashville');
  const premium = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Opener Premium' }) });
  await expect(premium.getByText('Follow-up after 1 week')).toBeVisible();
  if (n <= 25) {
    // Both opener packages reach every venue here: the card says what the dearer one adds.
    await expect(premium.getByText(`In Nashville this e-mails the same ${venuesText(n)} as Opener Basic ($19.99); what it adds is a follow-up e-mail after 1 week.`)).toBeVisible();
  }
  await shot(page, 'outreach-beta-packages-compared');
  await page.setViewportSize(PHONE);
  await premium.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/outreach-beta-packages-compared-phone.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await premium.getByRole('button', { name: /Select Package/ }).click();
  await page.getByRole('button', { name: 'Preview Email' }).click();
  const modal = page.getByRole('dialog', { name: 'Opener Opportunity' });
  await expect(modal.getByText('Members: Ann Lee (Vocals)')).toBeVisible();
  await expect(modal.getByText('Years active: Since 2016')).toBeVisible();
  await expect(modal.getByText('Performance style: High-energy rock show with a light rig')).toBeVisible();
  await expect(modal.getByText(/Followers:/)).toHaveCount(0); // no confirmed followers yet: an opener inquiry has no line (a headline one says 'Active', spec 3 §9)
  await shot(page, 'outreach-preview-band-facts');
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.getByLabel('Band Draw Information').fill('80-120 people');
  await page.getByRole('button', { name: 'Launch Campaign $39.99' }).click();
  await payOnSandbox(page, '$39.99');
  await expect(page.getByText(`Campaign completed: ${venuesText(Math.min(n, 50))} reached.`)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Back to Beta Venue Outreach' }).click();

  const due = new Date(Date.now() + 7 * 24 * 3600 * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  const row = page.getByRole('region', { name: 'Your Beta Campaigns' }).getByRole('row').filter({ hasText: 'Nashville' });
  await expect(row.getByText(`Follow-up due ${due}`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'outreach-beta-follow-up');
  await page.setViewportSize(PHONE);
  await shot(page, 'outreach-beta-follow-up-phone');

  // The admin's view of every band's campaigns.
  const admin = await signedIn(browser, 'admin');
  const campaigns = admin.getByRole('region', { name: 'Outreach campaigns', exact: true });
  const adminRow = campaigns.getByRole('row').filter({ hasText: bandName });
  await expect(adminRow.getByRole('cell')).toHaveText([/\w/, bandName, 'Opener Premium', 'Nashville', new RegExp(`^${Math.min(n, 50)} of ${Math.min(n, 50)}Follow-up due ${escape(due)}$`), '0', 'Completed']);
  await expectAccessible(admin);
  await campaigns.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: 'test-results/screenshots/outreach-admin-campaigns.png' });
  await admin.setViewportSize(PHONE);
  await campaigns.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: 'test-results/screenshots/outreach-admin-campaigns-phone.png' });
});

test('the package cards say plainly what each price adds where they reach the same venues, and a test e-mail that cannot reach the mail server shows a simulated preview', async ({ page }) => {
  const band = demoAccount('band');
  await logIn(page, band.email, band.password);
  const n = await venuesWithEmail(page, 'austin');
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(50); // the demo's Austin: every package reaches every venue

  await page.goto('/band-outreach');
  await page.getByRole('main').getByLabel('Location', { exact: true }).selectOption('austin');
  const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card('Basic Outreach').getByText(/In Austin this e-mails/)).toHaveCount(0);
  await expect(card('Premium Outreach').getByText(`In Austin this e-mails the same ${venuesText(n)} as Basic Outreach ($29.99), with the same e-mail: only the price differs.`)).toBeVisible();
  await expect(card('Pro Campaign').getByText(`In Austin this e-mails the same ${venuesText(n)} as Premium Outreach ($49.99); what it adds is your own custom message.`)).toBeVisible();
  await expect(page.getByText(`The Venue Outreach Campaign on your band dashboard ($199.00, a one-time fee per location) e-mails every venue with an e-mail address, with an optional custom message. In Austin this e-mails the same ${venuesText(n)} as Pro Campaign ($99.99), with the same e-mail: only the price differs.`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'outreach-packages-compared');
  await page.setViewportSize(PHONE);
  await shot(page, 'outreach-packages-compared-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.goto('/dashboard');
  const dashboardCard = page.getByRole('region', { name: 'Venue Outreach Campaign' });
  await dashboardCard.getByLabel('Location', { exact: true }).selectOption('austin');
  await expect(dashboardCard.getByText(`In Austin this e-mails the same ${venuesText(n)} as Pro Campaign ($99.99), with the same e-mail: only the price differs.`)).toBeVisible();
  await expect(dashboardCard.getByRole('link', { name: 'Compare packages' })).toHaveAttribute('href', '/band-outreach');

  // The server's answer when SMTP cannot be reached (its own test is outreach-follow-ups.test.ts):
  // this browser's server has no SMTP, so the answer is given here as the server would give it.
  const subject = `[Test] Booking inquiry: ${band.name} at The Continental Club`;
  await page.route('**/api/outreach/test-email', (route) =>
    route.fulfill({
      json: { success: false, message: OUTREACH_MESSAGES.testEmailSimulated, preview: { to: band.email, subject, text: `Hello The Continental Club team,\n\n${band.name} is a live music act from the Austin area.` } },
    }),
  );
  await dashboardCard.getByRole('button', { name: 'Send Test Email' }).click();
  const preview = dashboardCard.getByRole('region', { name: 'Simulated preview' });
  await expect(preview.getByRole('status')).toHaveText(OUTREACH_MESSAGES.testEmailSimulated);
  await expect(preview.getByText(subject)).toBeVisible();
  await expect(preview.getByText(`${band.name} is a live music act from the Austin area.`)).toBeVisible();
  await expect(dashboardCard.getByText(`Test email sent to ${band.email}.`)).toHaveCount(0);
  await expectAccessible(page);
  await dashboardCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/outreach-simulated-preview.png' });
  await page.setViewportSize(PHONE);
  await preview.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/outreach-simulated-preview-phone.png' });
});
