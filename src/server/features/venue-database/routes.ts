import { Hono } from 'hono';
import { z } from 'zod';
import { pageNumber } from '../../../core/schemas/fields.ts';
import { venueEntrySchema, venueFilterSchema } from '../../../core/schemas/venue-directory.ts';
import { VENUE_IMPORT_MAX_BYTES } from '../../../core/venue-directory.ts';
import { AppError } from '../../http/app-error.ts';
import { requireRole } from '../../http/session.ts';
import { parseInput, readFormBody, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { deleteVenueEntry } from './delete-venue-entry.ts';
import { exportVenueCsv } from './export-venue-csv.ts';
import { importVenueCsv } from './import-venue-csv.ts';
import { listVenueDirectory } from './list-venue-directory.ts';
import { createVenueEntry, ENTRY_GONE, updateVenueEntry } from './save-venue-entry.ts';

/** An entry id from the path; anything else names no entry (404, never a 500). */
function toEntryId(value: string | undefined): string {
  if (!z.uuid().safeParse(value).success) throw new AppError('NOT_FOUND', ENTRY_GONE);
  return value!;
}

const CHOOSE_FILE = 'Please choose a CSV file.';
const importQuery = z.object({ dryRun: z.enum(['true', 'false'], { error: 'dryRun is true or false.' }).default('false') });
const importJson = z.object({ csv: z.string({ error: CHOOSE_FILE }).min(1, { error: CHOOSE_FILE }).max(VENUE_IMPORT_MAX_BYTES * 2, { error: 'That file is too large.' }) });

/** The admin venue database (spec 3 §2, issue 11 item 1, decision 23): admins only. */
export function venueDatabaseRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;

  app.get('/admin/venue-database', async (c) => {
    await requireRole(services, c, 'admin');
    const { page, ...filters } = parseInput(venueFilterSchema.extend({ page: pageNumber() }), c.req.query());
    return c.json(await listVenueDirectory(db, filters, page));
  });

  app.get('/admin/venue-database/export', async (c) => {
    await requireRole(services, c, 'admin');
    const csv = await exportVenueCsv(db, parseInput(venueFilterSchema, c.req.query()));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="venue-database-${new Date().toISOString().slice(0, 10)}.csv"`);
    return c.body(csv);
  });

  app.post('/admin/venue-database', async (c) => {
    await requireRole(services, c, 'admin');
    return c.json({ venue: await createVenueEntry(db, parseInput(venueEntrySchema, await readJsonBody(c))) }, 201);
  });

  /** A CSV file as multipart (`file`) or JSON `{ csv }`; `?dryRun=true` previews without writing. */
  app.post('/admin/venue-database/import', async (c) => {
    const session = await requireRole(services, c, 'admin');
    const { dryRun } = parseInput(importQuery, c.req.query());
    let csv: string;
    if ((c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
      const file = (await readFormBody(c)).file;
      if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION', CHOOSE_FILE, { file: CHOOSE_FILE });
      if (file.size > VENUE_IMPORT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `That file is larger than ${VENUE_IMPORT_MAX_BYTES / (1024 * 1024)} MB. Please split it into smaller files.`);
      csv = decodeUtf8(await file.arrayBuffer());
    } else {
      csv = parseInput(importJson, await readJsonBody(c)).csv;
    }
    return c.json(await importVenueCsv(db, session, csv, { isDryRun: dryRun === 'true' }));
  });

  app.put('/admin/venue-database/:id', async (c) => {
    await requireRole(services, c, 'admin');
    const id = toEntryId(c.req.param('id'));
    return c.json({ venue: await updateVenueEntry(db, id, parseInput(venueEntrySchema, await readJsonBody(c))) });
  });

  app.delete('/admin/venue-database/:id', async (c) => {
    const session = await requireRole(services, c, 'admin');
    await deleteVenueEntry(db, session, toEntryId(c.req.param('id')));
    return c.json({ ok: true });
  });

  return app;
}

/** Spreadsheets save UTF-8 (with or without a byte-order mark); anything else is refused, not garbled. */
function decodeUtf8(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('VALIDATION', 'Please save the file as CSV UTF-8 and choose it again.', { file: 'Please save the file as CSV UTF-8 and choose it again.' });
  }
}
