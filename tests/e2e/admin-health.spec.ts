import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_BACKUP_DIR } from './e2e-paths.ts';
import { demoAccount, expectAccessible, logIn, shot } from './helpers.ts';

/** A backup as `npm run backup` leaves it, made `hoursAgo` hours ago (only its manifest: the page reads nothing else). */
async function writeBackup(hoursAgo: number) {
  const createdAt = new Date(Date.now() - hoursAgo * 3_600_000);
  const name = `marquee-${createdAt.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
  await fs.mkdir(path.join(E2E_BACKUP_DIR, name), { recursive: true });
  const manifest = { format: 'marquee-backup', version: 1, kind: 'pglite', createdAt: createdAt.toISOString(), postgresVersion: '17', migrations: 38, tables: {}, uploadedFiles: { count: 0, bytes: 0, isInBucket: false }, contents: {} };
  await fs.writeFile(path.join(E2E_BACKUP_DIR, name, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

// Issue 36: the operator's health page on the admin dashboard. The server tests cause every problem
// (a refused SMTP delivery, a failing webhook endpoint, a failed job, a failed fediverse delivery);
// here an admin sees the backup problem come, follows its link, and sees it go.
test('an admin sees what needs them on the health card, follows a problem to its part, and sees it clear', async ({ page }) => {
  await fs.rm(E2E_BACKUP_DIR, { recursive: true, force: true });
  await logIn(page, demoAccount('admin').email, demoAccount('admin').password);
  const card = page.getByRole('region', { name: 'Health' });
  await expect(card.getByText(/^Version$/)).toBeVisible();
  await expect(card.getByText('sandbox (test mode)')).toBeVisible();
  await expect(card.getByRole('link', { name: /^No backup in / })).toBeVisible();

  await writeBackup(50);
  await page.reload();
  const problem = card.getByRole('link', { name: 'The last backup is 50 hours old (more than 26).' });
  await expect(problem).toBeVisible();
  await problem.click();
  await expect(page).toHaveURL(/#health-backups$/);
  await expect(card.getByRole('region', { name: 'Backups' })).toContainText('50 hours ago, more than the 26 allowed');
  await expect(card.getByRole('region', { name: 'Jobs' })).toBeVisible();
  await expect(card.getByRole('region', { name: 'E-mail' })).toContainText('No SMTP server: e-mail is kept in the outbox.');
  await expectAccessible(page, 'section[aria-labelledby="health-heading"]');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: 'test-results/screenshots/admin-health-laptop.png' });
  await page.setViewportSize({ width: 375, height: 812 });
  await card.screenshot({ path: 'test-results/screenshots/admin-health-phone.png' });

  await writeBackup(1);
  await page.reload();
  await expect(card.getByRole('link', { name: /backup/ })).toHaveCount(0);
  await expect(card.getByText('1 hour ago', { exact: true })).toBeVisible();
  await shot(page, 'admin-health-clear');
});
