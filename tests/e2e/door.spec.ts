import { expect, test } from '@playwright/test';
import { DOOR_MESSAGES, DOOR_REFUSALS } from '../../src/core/schemas/door.ts';
import { bookTicketedGig, expectAccessible, postFrom, readEmailedLink, shot, signedInAs, uniqueEmail } from './helpers.ts';
import { buyTickets, createDoorGig, doorCount, doorStatus, NO_CAMERA, openVenueDoor, result, scanNext, wedgeScan } from './door-helpers.ts';

// Issue 24: the door that keeps working. A venue's door admits a line with no signal, each ticket
// once; two doors offline are told of a ticket they both let in; door staff see only their gig;
// a handheld scanner and a name search work without the camera. At laptop size (door-phone.spec.ts: a phone).
const LAPTOP = { viewport: { width: 1366, height: 900 } };

test('offline: the installed scanner reopens with no signal, admits a line once each, and syncs when the signal returns', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const gigId = await createDoorGig(browser);
  const codes = await buyTickets(request, baseURL!, gigId, uniqueEmail('door-line'), 5);
  const door = await openVenueDoor(browser, gigId, 'Front door', LAPTOP);

  // Online, a handheld scanner's code goes to the server, which admits it.
  expect(await wedgeScan(door, codes[0]!)).toMatch(/^ADMIT/);
  await expect(door.getByRole('definition').first()).toHaveText('1');

  // The signal goes; the scanner is reloaded (from its service worker) and still scans.
  await door.evaluate(async () => navigator.serviceWorker.ready);
  await door.context().setOffline(true);
  await door.reload();
  await expect(doorStatus(door)).toContainText('Offline');
  expect(await wedgeScan(door, codes[1]!)).toMatch(/^ADMIT/);
  expect(await wedgeScan(door, codes[2]!)).toMatch(/^ADMIT/);
  // The same ticket again, at once: refused on this device without asking anyone, amber (a guest still at the door).
  expect(await wedgeScan(door, codes[1]!)).toMatch(/^ALREADY IN.*Already scanned \(\d+ s ago, this door\)/);
  // The ticket admitted online before the signal went: known to this door too.
  expect(await wedgeScan(door, codes[0]!)).toMatch(/^ALREADY IN.*this door/);
  expect(await wedgeScan(door, codes[3]!)).toMatch(/^ADMIT/);
  // A QR code that is no Marquee code at all (too long to be one) is refused at once, and never queued.
  expect(await wedgeScan(door, `MQ1.${'x'.repeat(600)}`)).toContain(DOOR_REFUSALS.unknown);
  // Only the three admissions wait: a refusal made offline is never sent (the server would read it as "server, decide").
  await expect(doorStatus(door)).toContainText('3 scans wait');
  await expect(door.getByRole('definition').first()).toHaveText('4');
  await shot(door, 'door-offline-queue-laptop');

  // The signal returns: the queue drains on its own, and the server counts four in, once each.
  await door.context().setOffline(false);
  await expect(doorStatus(door)).toContainText('0 scans wait', { timeout: 30_000 });
  await expect(doorStatus(door)).toContainText('Online');
  await expect(door.getByRole('definition').first()).toHaveText('4');
  const venue = await signedInAs(browser, 'venue');
  const report = (await (await venue.request.get(`/api/door/gigs/${gigId}/report`)).json()) as { checkedIn: number };
  expect(report.checkedIn).toBe(4);
  // Online again, the fifth ticket is the server's answer; the fourth, already in, is amber.
  expect(await wedgeScan(door, codes[4]!)).toMatch(/^ADMIT/);
  expect(await wedgeScan(door, codes[3]!)).toMatch(/^(ALREADY IN|REFUSED)/);
  await expectAccessible(door);
});

test('a ticket refunded after the door opened is refused offline, once the door has synced', async ({ browser, request, baseURL }) => {
  test.setTimeout(120_000);
  const gigId = await createDoorGig(browser);
  const [code] = await buyTickets(request, baseURL!, gigId, uniqueEmail('door-refund'), 1);
  const door = await openVenueDoor(browser, gigId, 'Front door', LAPTOP);
  const sold = door.getByRole('definition').nth(1);
  await expect(sold).toHaveText('1');

  // An admin refunds the ticket; the open door picks the change up on its own.
  const admin = await signedInAs(browser, 'admin');
  const { tickets } = (await (await admin.request.get(`/api/admin/gig-management/${gigId}/tickets`)).json()) as { tickets: { orderId: string }[] };
  await postFrom(admin, `/api/admin/orders/${tickets[0]!.orderId}/refund`, { reason: 'Cannot come' });
  await expect(sold).toHaveText('0', { timeout: 20_000 });

  await door.context().setOffline(true);
  await expect(doorStatus(door)).toContainText('Offline');
  expect(await wedgeScan(door, code!)).toMatch(new RegExp(`^REFUSED.*${DOOR_REFUSALS.refunded.replace('.', '\\.')}`));
});

test('two doors offline let the same ticket in: both doors are told, never silently', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const gigId = await createDoorGig(browser);
  const [code] = await buyTickets(request, baseURL!, gigId, uniqueEmail('door-twice'), 1);
  const front = await openVenueDoor(browser, gigId, 'Front door', LAPTOP);
  const side = await openVenueDoor(browser, gigId, 'Side door', LAPTOP);
  for (const door of [front, side]) {
    await door.evaluate(async () => navigator.serviceWorker.ready);
    await door.context().setOffline(true);
    await expect(doorStatus(door)).toContainText('Offline');
  }
  expect(await wedgeScan(front, code!)).toMatch(/^ADMIT/);
  expect(await wedgeScan(side, code!)).toMatch(/^ADMIT/);
  for (const door of [front, side]) await door.context().setOffline(false);
  for (const door of [front, side]) {
    const conflicts = door.getByRole('alert').filter({ hasText: DOOR_MESSAGES.conflict });
    await expect(conflicts).toBeVisible({ timeout: 30_000 });
    await expect(conflicts).toContainText('Front door');
    await expect(conflicts).toContainText('Side door');
    await expect(doorStatus(door)).toContainText('0 scans wait');
  }
  await shot(side, 'door-conflict-laptop');
});

test('door staff: an e-mailed link makes a door for one gig; no dashboard, no other gig; a revoked door is told and stops', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const gigId = await createDoorGig(browser, `Staff night ${Date.now()}`);
  const otherGigId = await createDoorGig(browser, `Other night ${Date.now()}`);
  const [code] = await buyTickets(request, baseURL!, gigId, uniqueEmail('door-staff-fan'), 1);
  const staffEmail = uniqueEmail('door-staff');
  const venue = await signedInAs(browser, 'venue');
  await postFrom(venue, '/api/door/staff', { email: staffEmail, gigId });
  const link = await readEmailedLink(browser, 'Door staff for', staffEmail);
  expect(link).toMatch(/\/qr-scanner\/join#/);

  const staff = await (await browser.newContext(LAPTOP)).newPage();
  await staff.addInitScript(NO_CAMERA);
  await staff.goto(link);
  await expect(staff.getByRole('heading', { name: 'Door staff' })).toBeVisible();
  await staff.getByLabel('Door name').fill('Staff door');
  await staff.getByRole('button', { name: 'Use this device as a door' }).click();
  // Their gig, and only it.
  await expect(staff.getByRole('heading', { name: 'Which gig?' })).toBeVisible();
  const gigs = staff.getByRole('main').getByRole('listitem');
  await expect(gigs).toHaveCount(1);
  await shot(staff, 'door-staff-gigs-laptop');
  await gigs.getByRole('button').click();
  await expect(doorStatus(staff)).toContainText('Online');
  expect(await wedgeScan(staff, code!)).toMatch(/^ADMIT/);

  // No account: the dashboard asks them to log in; another gig's list is refused.
  await staff.goto('/dashboard');
  await expect(staff).toHaveURL(/\/login/);
  await staff.goto(`/qr-scanner/?gig=${otherGigId}`);
  await expect(staff.getByRole('alert')).toHaveText(DOOR_MESSAGES.notOnGig);
  const token = await staff.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('marquee-door');
        open.onsuccess = () => {
          const get = open.result.transaction('device').objectStore('device').get('device');
          get.onsuccess = () => resolve((get.result as { token: string }).token);
        };
      }),
  );
  const refused = await request.get(`/api/door/gigs/${otherGigId}/list`, { headers: { 'x-door-device': token } });
  expect(refused.status()).toBe(403);

  // The organiser revokes the staff member: the door says so and stops.
  const staffList = (await (await venue.request.get(`/api/door/gigs/${gigId}/staff`)).json()) as { staff: { id: string; email: string }[] } | { id: string; email: string }[];
  const member = (Array.isArray(staffList) ? staffList : staffList.staff).find((s) => s.email === staffEmail)!;
  await postFrom(venue, `/api/door/staff/${member.id}/revoke`, {});
  await staff.goto(`/qr-scanner/?gig=${gigId}`);
  await expect(staff.getByRole('alert')).toHaveText(DOOR_MESSAGES.revoked, { timeout: 20_000 });
  await shot(staff, 'door-revoked-laptop');
});

test('a handheld scanner admits without a touch, once per Enter; a guest-list party is checked in by name', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const gigId = await createDoorGig(browser);
  const [code] = await buyTickets(request, baseURL!, gigId, uniqueEmail('door-wedge'), 1);
  const venue = await signedInAs(browser, 'venue');
  await postFrom(venue, `/api/door/gigs/${gigId}/guests`, { name: 'Ada Lovelace', plusCount: 2, note: "Drummer's sister" });
  const door = await openVenueDoor(browser, gigId, 'Front door', LAPTOP);

  // Nothing clicked: the code field has focus, and the scanner's keystrokes land in it.
  await expect(door.getByLabel('Ticket ID')).toBeFocused();
  await door.keyboard.type(code!);
  await door.keyboard.press('Enter');
  await door.keyboard.press('Enter');
  await expect(result(door)).toContainText('ADMIT');
  await scanNext(door);
  // The stray second Enter admitted nothing more, and says nothing.
  await expect(door.getByText('Please enter a ticket ID.')).toHaveCount(0);
  await expect(door.getByRole('definition').first()).toHaveText('1');

  // The guest list: found by name, two of the party of three let in, then the third.
  await door.getByLabel('Name, e-mail address or order number').fill('ada');
  const row = door.getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
  await expect(row).toContainText('3 still to come');
  await row.getByLabel('People').fill('2');
  await row.getByRole('button', { name: 'Check in Ada Lovelace' }).click();
  await expect(result(door)).toContainText('ADMIT');
  await expect(result(door)).toContainText('2 people');
  await shot(door, 'door-guest-admit-laptop');
  await scanNext(door);
  await expect(row).toContainText('1 still to come', { timeout: 15_000 });
  await expect(door.getByRole('definition').first()).toHaveText('3');
  await shot(door, 'door-screen-laptop');
  await expectAccessible(door);
});

test('issue 34: a door sale is prefilled with the door price, can be undone for a few minutes, and is refused at capacity; the answer names the ticket type', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const venue = await signedInAs(browser, 'venue');
  const gigId = await bookTicketedGig(venue, { description: `Small room ${Date.now()}`, priceCents: '15.00', quantity: 4 });
  const [code] = await buyTickets(request, baseURL!, gigId, uniqueEmail('door-small'), 1);
  // Someone is paying online for a seat right now: it counts against what the door may sell.
  const checkout = await request.post('/api/tickets/checkout', { headers: { origin: baseURL! }, data: { gigId, email: uniqueEmail('door-paying'), quantity: 1 } });
  expect(checkout.status()).toBe(201);
  const door = await openVenueDoor(browser, gigId, 'Front door', LAPTOP);

  expect(await wedgeScan(door, code!)).toMatch(/^ADMIT.*General/);
  await scanNext(door);
  const left = doorCount(door, 'Left');
  await expect(left).toHaveText('2');
  await expect(door.getByText('1 seat is being paid for online right now.')).toBeVisible();

  await door.getByLabel('Tickets').fill('2');
  await expect(door.getByLabel('Amount taken (USD)')).toHaveValue('30.00');
  await door.getByRole('button', { name: 'Record door sale' }).click();
  await expect(door.getByText('Recorded: 2 at the door, $30.00 USD by cash.')).toBeVisible();
  await expect(left).toHaveText('0');
  await expect(door.getByText(DOOR_MESSAGES.saleFull).first()).toBeVisible();
  // Full: one more is refused, not merely flagged.
  await door.getByLabel('Tickets').fill('1');
  await door.getByRole('button', { name: 'Record door sale' }).click();
  await expect(door.getByRole('alert').filter({ hasText: DOOR_MESSAGES.saleFull })).toBeVisible();
  await shot(door, 'door-sale-full-laptop');

  // The sale of two was a mistake: undone, the seats come back and the report keeps it as voided.
  await door.getByRole('button', { name: /^Undo the sale of 2/ }).click();
  await expect(door.getByText('Undone: 2 at the door, $30.00 USD. Give the money back.')).toBeVisible();
  await expect(doorStatus(door)).toContainText('0 scans wait', { timeout: 30_000 });
  await expect(left).toHaveText('2', { timeout: 15_000 });
  await shot(door, 'door-sale-undone-laptop');
  const report = (await (await venue.request.get(`/api/door/gigs/${gigId}/report`)).json()) as { soldAtDoor: number; voidedSales: { quantity: number; status: string }[] };
  expect(report).toMatchObject({ soldAtDoor: 0, voidedSales: [{ quantity: 2, status: 'voided' }] });
  await expectAccessible(door);
});
