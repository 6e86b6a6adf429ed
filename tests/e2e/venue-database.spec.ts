import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot } from './helpers.ts';

// Issue 11, item 1: the admin venue database (spec 3 §2, decision 23).
const stamp = String(Date.now() % 1_000_000);

test('an admin filters, adds, edits and deletes a venue, imports a CSV with one bad row, and exports', async ({ page }) => {
  // A long story (five screens, an import and an export): four minutes, like the other long ones, so a busy machine does not cut it short.
  test.setTimeout(240_000);
  await logIn(page, demoAccount('admin').email, demoAccount('admin').password);
  await page.goto('/venue-database');
  await expect(page.getByRole('heading', { level: 1, name: 'Venue Database' })).toBeVisible();
  await expect(page.getByText('Total venues')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Venues' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'venue-database');

  // Filters: location, type, status and text, kept in the address.
  const filters = page.getByRole('search', { name: 'Filter venues' });
  await filters.getByLabel('Location').selectOption({ label: 'Chicagoland' });
  await filters.getByLabel('Venue type').selectOption('Bar/Pub');
  await expect(page).toHaveURL(/location=chicagoland&venueType=Bar%2FPub/);
  await filters.getByLabel('Search').fill('hideaway');
  await filters.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Venues' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('rowheader', { name: /The Hideaway Lounge/ })).toBeVisible();
  await filters.getByLabel('Status').selectOption('Inactive only');
  await expect(page.getByText('No venues match these filters.')).toBeVisible();
  await page.goto('/venue-database');

  // Add, with the form's rules and the defaults of §9.
  const name = `Test Tavern ${stamp}`;
  await page.getByRole('button', { name: 'Add Venue' }).click();
  const form = page.getByRole('form', { name: 'Add Venue' });
  await expect(form.getByLabel('Location')).toHaveValue('chicagoland');
  await expect(form.getByLabel('Venue Type')).toHaveValue('Bar/Pub');
  await expect(form.getByLabel('Typical Booking Lead (days)')).toHaveValue('30');
  for (const box of ['Has Stage', 'Has Sound System', 'Allows Original Music', 'Active']) await expect(form.getByLabel(box)).toBeChecked();
  await form.getByLabel('Email', { exact: true }).fill('not-an-email');
  await form.getByLabel('Capacity').fill('lots');
  await form.getByRole('button', { name: 'Add Venue' }).click();
  await expect(form.getByText('Please enter the venue name.')).toBeVisible();
  await expect(form.getByText('Please provide a valid email address.')).toBeVisible();
  await expect(form.getByText('Capacity must be a whole number (0 or more).')).toBeVisible();
  await shot(page, 'venue-database-form-errors');
  await form.getByLabel('Venue Name').fill(name);
  await form.getByLabel('Location').selectOption({ label: 'Milwaukee' });
  await form.getByLabel('Venue Type').selectOption('Music Venue');
  await form.getByLabel('City', { exact: true }).fill('Milwaukee');
  await form.getByLabel('Email', { exact: true }).fill(`tavern-${stamp}@example.com`);
  await form.getByLabel('Capacity').fill('220');
  await form.getByLabel('Website').fill('tavern.example.com');
  await form.getByLabel('Music Genres').fill('Rock, Soul');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Add Venue' }).click();
  await expect(page.getByText(`${name} was added.`)).toBeVisible();

  await filters.getByLabel('Search').fill(name);
  await filters.getByRole('button', { name: 'Search' }).click();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Milwaukee');
  await expect(row).toContainText('Music Venue');
  await expect(row).toContainText('Active');

  // Edit: every field is there, filled in.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Website')).toHaveValue('https://tavern.example.com');
  await expect(edit.getByLabel('Music Genres')).toHaveValue('Rock, Soul');
  await edit.getByLabel('Capacity').fill('250');
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Save Venue' }).click();
  await expect(page.getByText(`${name} was saved.`)).toBeVisible();
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText('250');

  // Delete, after the spec's question.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete venue' });
  await expect(dialog.getByText('Are you sure you want to delete this venue?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
  await expect(page.getByText('No venues match these filters.')).toBeVisible();

  // Import: a preview with one bad row, then the import.
  const csvPath = path.join(os.tmpdir(), `venues-${stamp}.csv`);
  await fs.writeFile(
    csvPath,
    [
      'name,location,venue_type,city,email,capacity',
      `Imported Hall ${stamp},Madison,Music Venue,Madison,hall-${stamp}@example.com,400`,
      `Imported Cafe ${stamp},denver,coffee shop,Denver,,40`,
      `Broken Row ${stamp},madison,Club,Madison,not-an-email,-1`,
    ].join('\n'),
  );
  await page.goto('/venue-database');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page.getByLabel('CSV file').setInputFiles(csvPath);
  await expect(page.getByText('Preview: 2 to create, 0 to update, 1 with errors')).toBeVisible();
  const errors = page.getByRole('table', { name: /1 row has errors/ });
  await expect(errors.getByRole('row').filter({ hasText: `Broken Row ${stamp}` })).toContainText('Please provide a valid email address.');
  await expect(errors).toContainText('Capacity must be a whole number (0 or more).');
  await expect(page.getByRole('table', { name: 'Rows to import' }).getByRole('row')).toHaveCount(3);
  await expectAccessible(page);
  await shot(page, 'venue-database-import-preview');
  await page.getByRole('button', { name: 'Import 2 venues' }).click();
  await expect(page.getByText('Import complete: 2 created, 0 updated, 1 skipped.')).toBeVisible();
  await filters.getByLabel('Search').fill(stamp);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('rowheader')).toHaveText([new RegExp(`Imported Cafe ${stamp}`), new RegExp(`Imported Hall ${stamp}`)]);

  // Export what the filters show: the import's own columns.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^venue-database-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await fs.readFile(await download.path(), 'utf8');
  const lines = exported.trim().split('\r\n');
  expect(lines[0]).toMatch(/^name,location,venue_type,address,city,/);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([`Imported Cafe ${stamp}`, `Imported Hall ${stamp}`]);
  await fs.rm(csvPath, { force: true });

  // The same screen on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/venue-database');
  await expect(page.getByRole('list', { name: 'Venues' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'venue-database-phone');
  await page.getByRole('button', { name: 'Add Venue' }).click();
  await expect(page.getByRole('form', { name: 'Add Venue' })).toBeVisible();
  await shot(page, 'venue-database-form-phone');
});

test('a fan is refused and a visitor is asked to log in', async ({ page }) => {
  await page.goto('/venue-database');
  await expect(page.getByText('Please log in to access the venue database.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' }).last()).toHaveAttribute('href', '/login');
  await logIn(page, demoAccount('fan').email, demoAccount('fan').password);
  await page.goto('/venue-database');
  await expect(page.getByRole('alert')).toHaveText('Access Denied: Only administrators can access the venue database.');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'venue-database-access-denied');
});
