import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot } from './helpers.ts';

// Decision 45: the admin looks at every e-mail Marquee sends, rendered with demo data, on one page.
test('the admin sees every e-mail, each as its recipient would, with its plain-text part', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
  });
  await logIn(page, demoAccount('admin').email, demoAccount('admin').password);
  await page.getByRole('link', { name: 'E-mail previews' }).click();
  await expect(page).toHaveURL(/\/admin\/emails$/);
  await expect(page.getByRole('heading', { name: 'E-mails', level: 1 })).toBeVisible();

  const previews = page.getByRole('article');
  await expect(previews.first()).toBeVisible();
  expect(await previews.count()).toBeGreaterThanOrEqual(20);
  for (const subject of ['Reset your Marquee password', 'Your ticket: The Velvet Static at The Lantern Room', "This week's live music in Chicago", 'Welcome to Marquee']) {
    await expect(page.getByRole('heading', { name: subject, level: 2 }).first()).toBeVisible();
  }

  // The HTML, in its sandboxed frame, with the demo link where the secret was.
  const reset = previews.filter({ has: page.getByRole('heading', { name: 'Reset your Marquee password' }) });
  const frame = reset.frameLocator('iframe');
  await expect(frame.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute('href', /\/api\/auth\/reset-password\/demo-reset-token/);
  await expect(frame.getByText('Marquee · live music in your city')).toBeVisible();

  // The ticket shows its QR code (drawn for the preview; delivery attaches it).
  const ticket = previews.filter({ has: page.getByRole('heading', { name: /^Your ticket:/ }) }).first();
  await ticket.scrollIntoViewIfNeeded();
  await expect
    .poll(async () => ticket.frameLocator('iframe').getByRole('img', { name: 'Ticket QR code' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // The plain-text part, by the toggle.
  const toggle = reset.getByRole('button', { name: 'Plain text' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(reset.getByLabel('Reset your Marquee password (plain text)')).toContainText('Choose a new password here (the link works for one hour):');
  await toggle.click();
  await expect(reset.locator('iframe')).toBeVisible();

  expect(blocked).toEqual([]);
  await expectAccessible(page);
  // Chromium paints frames outside the viewport only once scrolled to: make the viewport the page.
  await page.setViewportSize({ width: 1366, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  await shot(page, 'admin-email-previews');
});
