import { expect, test } from '@playwright/test';
import { expectAccessible, shot } from './helpers.ts';

test('the home page offers the locations and /home goes to Chicagoland', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'What is Marquee?' })).toBeVisible();
  for (const name of ['Discover Shows', 'Buy Tickets', 'Support Artists']) await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
  await expect(page.locator('body')).toHaveClass(/home-light/);
  await shot(page, 'home');
  await page.getByRole('navigation', { name: 'Locations' }).getByRole('link', { name: 'Cleveland' }).click();
  await expect(page.getByRole('heading', { name: 'Live Music in Cleveland' })).toBeVisible();
  await expect(page.locator('body')).not.toHaveClass(/home-light/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/chicago$/);
  await expect(page.getByRole('heading', { name: 'Live Music in Chicagoland' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await shot(page, 'region-chicago');
  // Elsewhere the selector is a dropdown.
  await page.getByRole('combobox', { name: 'Choose a location' }).selectOption({ label: 'Cortland, NY' });
  await expect(page).toHaveURL(/\/cortland$/);
});

test('an unknown path shows the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'What is Marquee?' })).toBeVisible();
});

test('navigation scrolls back to the top', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the contact form is checked, sent and closes itself', async ({ page }) => {
  await page.goto('/chicago');
  await page.getByRole('button', { name: 'Contact' }).click();
  const modal = page.getByRole('dialog', { name: 'Contact Us' });
  await modal.getByRole('button', { name: 'Send Message' }).click();
  await expect(modal.getByText('Please provide your name.')).toBeVisible();
  await expect(modal.getByText('Please provide a valid email address.')).toBeVisible();
  await expect(modal.getByText('Please provide your message.')).toBeVisible();
  await modal.getByLabel('Name').fill('Casey Fan');
  await modal.getByLabel('Email').fill('casey@e2e.test');
  await modal.getByLabel('Message').fill('When is the next open jam?');
  await shot(page, 'contact-modal');
  await expectAccessible(page);
  await modal.getByRole('button', { name: 'Send Message' }).click();
  await expect(modal.getByText('Form has been submitted successfully! Thank you for contacting us.')).toBeVisible();
  await expect(modal).toBeHidden({ timeout: 5000 });
});

test('public pages and their forms run without console errors (no eval under the CSP)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/chicago');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Opening the contact form and submitting it empty runs zod's parsers in the browser.
  await page.getByRole('button', { name: 'Contact' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /send/i }).click();
  await expect(dialog.getByText('Please provide your name.')).toBeVisible();
  expect(errors).toEqual([]);
});
