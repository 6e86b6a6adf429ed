import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, photoFile, shot } from './helpers.ts';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const ORIGIN = `http://localhost:${PORT}`;
const PASSWORD = 'correct-horse-e2e-9';

/** A fresh musician or fan, signed in on a page of its own: the demo scene stays as other specs expect it. */
async function signedInPage(browser: Browser, role: 'musician' | 'fan', location = 'chicagoland'): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = `gear-${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const res = await page.request.post('/api/register', {
    headers: { origin: ORIGIN },
    multipart: { data: JSON.stringify({ email, password: PASSWORD, location, role }) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { page, email };
}

const DESCRIPTION =
  'Sunburst 2014 Les Paul Studio with a hard case. Plays beautifully, frets were levelled last spring and it has new strings, so it is ready for the stage tonight.';

test('a musician lists gear with two cropped photos; signed-in users see the contact, visitors do not; Mark as Sold takes it off every open page', async ({ browser }) => {
  const title = `Gibson Les Paul Studio ${String(Date.now()).slice(-6)}`;
  const seller = await signedInPage(browser, 'musician');
  const buyer = await signedInPage(browser, 'fan');
  const visitor = await (await browser.newContext()).newPage();

  // The buyer is already looking at the list: the new listing and its sale arrive without a reload.
  await buyer.page.goto('/gear-swap');
  await expect(buyer.page.getByRole('heading', { level: 1, name: 'Gear Swap' })).toBeVisible();

  const page = seller.page;
  await page.goto('/gear-swap');
  const toggle = page.getByRole('button', { name: 'List Your Gear' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', { name: 'List Your Gear' });
  await expect(form).toBeVisible();

  // Issue 21: the seller's own address is filled in.
  await expect(form.getByLabel('Email')).toHaveValue(seller.email);
  await form.getByLabel('Email').fill('');

  // Every rule of spec 1 §5, with its message.
  await form.getByRole('button', { name: 'List Gear' }).click();
  await expect(form.getByText('Please enter a title.')).toBeVisible();
  await expect(form.getByText('Please enter a price.')).toBeVisible();
  await expect(form.getByText('Please enter a description.')).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Price').fill('$650');
  await form.getByLabel('Description').fill(DESCRIPTION);
  await form.getByRole('button', { name: 'List Gear' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Please provide at least an email or phone number.' }).first()).toBeVisible();

  const phone = form.getByLabel('Phone');
  await expect(phone).toHaveAttribute('maxlength', '12');
  await phone.pressSequentially('312555');
  await form.getByRole('button', { name: 'List Gear' }).click();
  await expect(form.getByText('Please enter phone number in format: xxx-xxx-xxxx')).toBeVisible();
  await phone.pressSequentially('0199');
  await expect(phone).toHaveValue('312-555-0199');
  await form.getByLabel('Email').fill(seller.email);

  for (const n of [1, 2]) {
    await form.getByLabel('Add photo').setInputFiles(await photoFile(`gear-${n}.png`));
    const crop = page.getByRole('dialog', { name: 'Crop image' });
    await expect(crop).toBeVisible();
    if (n === 1) await shot(page, 'gear-crop');
    await crop.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('img', { name: `Photo ${n} of your listing` })).toBeVisible();
  }
  await expect(form.getByText('Photos (optional, up to 2): cropped 16:9, 1280 x 800')).toBeVisible();
  await expect(form.getByText('2 photos added')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'gear-form');
  await form.getByRole('button', { name: 'List Gear' }).click();
  await expect(page.getByText('Your gear is listed.')).toBeVisible();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: /full screen/ })).toHaveCount(2);
  const description = card.getByText(/^Sunburst 2014 Les Paul/);
  await expect(description).toHaveAttribute('title', DESCRIPTION);
  const shown = (await description.textContent())!;
  expect(shown.length).toBeLessThanOrEqual(101);
  expect(shown.endsWith('…')).toBe(true);
  expect(DESCRIPTION.startsWith(shown.slice(0, -1))).toBe(true);
  expect(DESCRIPTION[shown.length - 1]).toBe(' '); // cut at a word boundary
  await card.getByRole('button', { name: /^More/ }).click();
  await expect(card.getByText(DESCRIPTION)).toBeVisible();
  await card.getByRole('button', { name: /^Less/ }).click();
  await expect(card.getByRole('button', { name: /Mark as Sold/ })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Delete/ })).toBeVisible();
  await shot(page, 'gear-swap-owner');

  // Another signed-in user sees the new listing live, with the seller's contact, and no owner actions.
  const buyerCard = buyer.page.getByRole('article', { name: title });
  await expect(buyerCard).toBeVisible();
  await expect(buyerCard.getByRole('link', { name: seller.email })).toHaveAttribute('href', `mailto:${seller.email}`);
  await expect(buyerCard.getByRole('link', { name: '312-555-0199' })).toHaveAttribute('href', 'tel:3125550199');
  await expect(buyerCard.getByRole('button', { name: /Mark as Sold/ })).toHaveCount(0);
  await expect(buyerCard.getByRole('button', { name: /^(Delete|Remove)/ })).toHaveCount(0);

  // The full-screen photo closes on Escape, on its close button and on the backdrop.
  const overlay = buyer.page.getByRole('dialog', { name: `${title}, photo 1 of 2` });
  await buyerCard.getByRole('button', { name: `View ${title}, photo 1 of 2 full screen` }).click();
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('img')).toBeVisible();
  await shot(buyer.page, 'gear-overlay');
  await buyer.page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await buyerCard.getByRole('button', { name: `View ${title}, photo 1 of 2 full screen` }).click();
  await overlay.getByRole('button', { name: 'Close image' }).click();
  await expect(overlay).toBeHidden();
  await buyerCard.getByRole('button', { name: `View ${title}, photo 1 of 2 full screen` }).click();
  await expect(overlay).toBeVisible();
  await buyer.page.mouse.click(8, 8);
  await expect(overlay).toBeHidden();
  await expectAccessible(buyer.page);

  // A visitor sees the listing, the register-or-log-in prompt, and no contact details.
  await visitor.goto('/gear-swap');
  const visitorCard = visitor.getByRole('article', { name: title });
  await expect(visitorCard).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Got gear to sell?' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Register', exact: true }).last()).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'List Your Gear' })).toHaveCount(0);
  await expect(visitorCard.getByText("to see the seller's contact details.")).toBeVisible();
  await expect(visitor.getByText(seller.email)).toHaveCount(0);
  await expect(visitor.getByText('312-555-0199')).toHaveCount(0);
  await expectAccessible(visitor);
  await shot(visitor, 'gear-swap-visitor');

  // The owner marks it sold: it leaves the owner's list and, live, the buyer's.
  await card.getByRole('button', { name: /Mark as Sold/ }).click();
  await expect(card).toBeHidden();
  await expect(buyerCard).toBeHidden();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Gear Swap' })).toBeVisible();
  await expect(visitor.getByRole('article', { name: title })).toHaveCount(0);
});

async function listQuickly(page: Page, title: string) {
  await page.goto('/gear-swap');
  await page.getByRole('button', { name: 'List Your Gear' }).click();
  const form = page.getByRole('form', { name: 'List Your Gear' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Price').fill('$120');
  await form.getByLabel('Description').fill('Two tracks, works fine.');
  await form.getByLabel('Phone').fill('7735550144');
  await expect(form.getByLabel('Phone')).toHaveValue('773-555-0144');
  await form.getByRole('button', { name: 'List Gear' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
}

test('a seller deletes a listing after confirming, and an admin removes spam', async ({ browser }) => {
  const title = `Boss RC-30 Looper ${String(Date.now()).slice(-6)}`;
  const spam = `CHEAP WATCHES ${String(Date.now()).slice(-6)}`;
  const { page } = await signedInPage(browser, 'musician');
  await listQuickly(page, title);
  await listQuickly(page, spam);
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: /^Delete/ }).click();
  await expect(card.getByText('Delete this listing for good?')).toBeVisible();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: /^Delete/ }).click();
  await card.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(card).toBeHidden();

  const admin = await (await browser.newContext()).newPage();
  const { email, password } = demoAccount('admin');
  await logIn(admin, email, password);
  await admin.goto('/gear-swap');
  const spamCard = admin.getByRole('article', { name: spam });
  await expect(spamCard.getByRole('button', { name: /Mark as Sold/ })).toHaveCount(0);
  await spamCard.getByRole('button', { name: /^Remove/ }).click();
  await expect(spamCard.getByText('Remove this listing as spam?')).toBeVisible();
  await spamCard.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(spamCard).toBeHidden();
  await expect(page.getByRole('article', { name: spam })).toBeHidden(); // live, on the seller's page too
});

test('gear shows where each listing is, and filters by location and by words, page by page (issue 21)', async ({ browser, page }) => {
  const word = `Theremin${String(Date.now()).slice(-6)}`;
  const seller = await signedInPage(browser, 'musician', 'cleveland');
  const listed = await seller.page.request.post('/api/gear', {
    headers: { origin: ORIGIN },
    data: { title: `Moog Etherwave ${word}`, price: '$400', description: 'Spooky and in tune.', email: seller.email, phone: '' },
  });
  expect(listed.status(), await listed.text()).toBe(201);

  await page.goto('/gear-swap');
  const card = page.getByRole('article', { name: `Moog Etherwave ${word}` });
  await expect(card.getByText('Cleveland', { exact: true })).toBeVisible();

  const filters = page.getByRole('search', { name: 'Gear' });
  await filters.getByLabel('Location').selectOption({ label: 'Cortland, NY' });
  await expect(page).toHaveURL(/location=cortland/);
  await expect(card).toHaveCount(0);
  await filters.getByLabel('Location').selectOption({ label: 'Cleveland' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Chicagoland' })).toHaveCount(0);

  await filters.getByLabel('Search gear').fill(word.toLowerCase());
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 listing matches')).toBeVisible();
  await expect(card).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'gear-swap-filtered');

  await filters.getByLabel('Search gear').fill('no such thing at all');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No gear matches your search.')).toBeVisible();
  await filters.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/gear-swap$/);
  await expect(card).toBeVisible();
});
