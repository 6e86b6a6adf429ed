import { expect, test, type Page } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot } from './helpers.ts';

// Issue 10: the open-jam sheet, live for everyone viewing it (D22).
const unique = (name: string) => `${name} ${Date.now() % 100000}`;

/** Adds a row and names it, as a signed-in user does: '+ Add Song', then the Song cell. */
async function addNamedSong(page: Page, name: string) {
  await page.getByRole('button', { name: '+ Add Song' }).first().click();
  await expect(page.getByText("New song row added. Click on 'Song' to edit the name.")).toBeVisible();
  await page.getByRole('button', { name: 'Song for the new song: empty. Name it' }).last().click();
  await page.getByRole('textbox', { name: 'Song for the new song' }).fill(name);
  await page.getByRole('textbox', { name: 'Song for the new song' }).press('Enter');
  await expect(page.getByText(`Song name updated to "${name}"`)).toBeVisible();
  return page.getByRole('row').filter({ hasText: name });
}

test('a visitor reads the sheet and is asked to register or log in', async ({ page }) => {
  await page.goto('/open-jam');
  await expect(page.getByRole('heading', { name: 'Ready to Join the Open Jam?' })).toBeVisible();
  await expect(page.getByText('Register or log in to add songs or sign up for a song.')).toBeVisible();
  const session = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Open Jam' }) }).first();
  await expect(session.getByText('ALL SKILL LEVELS WELCOME')).toBeVisible();
  await expect(session.getByText(/\d:\d\d [AP]M - \d+:\d\d [AP]M C[DS]T/)).toBeVisible();
  await expect(session.getByRole('columnheader', { name: 'Guitar 2' })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Add Song' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Sign up$/ })).toHaveCount(0);
  await session.getByRole('button', { name: /: open$/ }).first().click();
  await expect(page.getByRole('alert')).toHaveText('Please log in to sign up for the jam session.');
  await expect(page.getByText('Sign up for your preferred songs and instruments.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'open-jam-visitor');
});

test('two people edit one session and each sees the other’s change live; a collision keeps the first entry', async ({ browser }) => {
  const maya = await (await browser.newContext()).newPage();
  const jordan = await (await browser.newContext()).newPage();
  await logIn(maya, demoAccount('musician').email, demoAccount('musician').password);
  await logIn(jordan, demoAccount('fan').email, demoAccount('fan').password);
  await maya.goto('/open-jam');
  await jordan.goto('/open-jam');
  await expect(jordan.getByRole('heading', { name: 'Open Jam' }).first()).toBeVisible();

  const song = unique('Live Wire');
  const mayaRow = await addNamedSong(maya, song);
  const jordanRow = jordan.getByRole('row').filter({ hasText: song });
  await expect(jordanRow).toBeVisible(); // arrived without a reload

  // Maya takes the drums; Jordan sees it at once and cannot take that slot.
  await mayaRow.getByRole('button', { name: `Drums for ${song}: empty. Sign up` }).click();
  await maya.getByRole('textbox', { name: `Drums for ${song}` }).fill('Maya');
  await maya.getByRole('textbox', { name: `Drums for ${song}` }).press('Enter');
  await expect(maya.getByText("You're signed up for a slot on a song!")).toBeVisible();
  await expect(jordanRow.getByText('Maya')).toBeVisible();
  await expect(jordanRow.getByRole('button', { name: new RegExp(`^Drums for ${song}`) })).toHaveCount(0);

  // Jordan signs up for bass; Maya sees it.
  await jordanRow.getByRole('button', { name: `Bass for ${song}: empty. Sign up` }).click();
  await jordan.getByRole('textbox', { name: `Bass for ${song}` }).fill('Jordan');
  await jordan.getByRole('textbox', { name: `Bass for ${song}` }).press('Enter');
  await expect(mayaRow.getByText('Jordan')).toBeVisible();

  // Both open the empty Keys cell and type; Maya saves first, Jordan second.
  await mayaRow.getByRole('button', { name: `Keys for ${song}: empty. Sign up` }).click();
  await jordanRow.getByRole('button', { name: `Keys for ${song}: empty. Sign up` }).click();
  await maya.getByRole('textbox', { name: `Keys for ${song}` }).fill('Maya on keys');
  await jordan.getByRole('textbox', { name: `Keys for ${song}` }).fill('Jordan on keys');
  await maya.getByRole('textbox', { name: `Keys for ${song}` }).press('Enter');
  await expect(maya.getByText("You're signed up for a slot on a song!").last()).toBeVisible();
  await jordan.getByRole('textbox', { name: `Keys for ${song}` }).press('Enter');
  await expect(jordan.getByRole('alert')).toHaveText('Someone changed this cell just before you. The sheet now shows their entry; edit it again if you still want to.');
  await expect(jordanRow.getByText('Maya on keys')).toBeVisible();
  await expect(mayaRow.getByText('Maya on keys')).toBeVisible();
  await expectAccessible(jordan);
  await shot(maya, 'open-jam-signed-in');

  // A name with other entries cannot be cleared; a counter warns near the limit.
  await mayaRow.getByRole('button', { name: new RegExp(`^Song for ${song}: ${song}\\. Edit`) }).click();
  const name = maya.getByRole('textbox', { name: `Song for ${song}` });
  await name.fill('x'.repeat(205));
  await expect(maya.getByText('205/255')).toHaveClass(/text-red-400/);
  await name.fill('');
  await name.press('Enter');
  await expect(maya.getByRole('alert')).toHaveText('Cannot remove song name when other fields have data.');
});

test('a venue adds a jam session from its dashboard; it opens on the sheet, and the venue deletes it', async ({ page }) => {
  await logIn(page, demoAccount('venue').email, demoAccount('venue').password);
  const jams = page.getByRole('region', { name: 'Jam Sessions' });
  await jams.getByRole('button', { name: 'Add Jam Session' }).click();
  const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const houseBand = unique('The Test House Band');
  await jams.getByLabel('Date').fill(date);
  await expect(jams.getByLabel('Location')).not.toHaveValue('');
  await jams.getByLabel('House band').fill(`${houseBand}, Second Band`);
  await jams.getByRole('button', { name: 'Create Jam Session' }).click();
  await expect(jams.getByText('Jam session created.')).toBeVisible();
  await expect(jams.getByText(`House band: ${houseBand}, Second Band · 0 songs on the sheet`)).toBeVisible();
  await expectAccessible(page);

  await page.goto('/open-jam');
  const card = page.getByRole('article').filter({ hasText: houseBand });
  await expect(card.getByText('No songs found for this jam session.')).toBeVisible();
  await card.getByRole('button', { name: 'Add First Song' }).click();
  await expect(page.getByText("New song row added. Click on 'Song' to edit the name.")).toBeVisible();
  const song = unique('Gone Tomorrow');
  await card.getByRole('button', { name: 'Song for the new song: empty. Name it' }).click();
  await card.getByRole('textbox', { name: 'Song for the new song' }).fill(song);
  await card.getByRole('textbox', { name: 'Song for the new song' }).press('Enter');
  await expect(page.getByText(`Song name updated to "${song}"`)).toBeVisible();
  await card.getByRole('button', { name: '+ Add Song' }).click();
  await expect(card.getByRole('button', { name: 'Song for the new song: empty. Name it' })).toBeVisible();

  // Clearing a name deletes its row; when that fails, the sheet says the delete failed (spec 1 §8).
  await page.route('**/api/jam/songs/*/song', (route) => route.abort());
  await card.getByRole('button', { name: new RegExp(`^Song for ${song}: ${song}\\. Edit`) }).click();
  await card.getByRole('textbox', { name: `Song for ${song}` }).fill('');
  await card.getByRole('textbox', { name: `Song for ${song}` }).press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Failed to delete song. Please try again.');
  await page.unroute('**/api/jam/songs/*/song');

  // Issue 21: the dashboard counts the sheet's songs, and the Delete confirmation says what goes with it.
  await page.goto('/dashboard');
  const row = jams.getByRole('listitem').filter({ hasText: houseBand });
  await expect(row.getByText(`House band: ${houseBand}, Second Band · 2 songs on the sheet`)).toBeVisible();
  await row.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this jam session?' });
  await expect(confirm.getByText(/will be deleted with its sheet: 2 songs and everyone signed up for them\. This cannot be undone\./)).toBeVisible();
  await shot(page, 'jam-session-delete-confirmation');
  await confirm.getByRole('button', { name: 'Delete Jam Session' }).click();
  await expect(jams.getByText('Jam session deleted.')).toBeVisible();
  await expect(jams.getByText(houseBand)).toHaveCount(0);
});
