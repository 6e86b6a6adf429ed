import { Hono } from 'hono';
import { html } from 'hono/html';
import { eq } from 'drizzle-orm';
import { describeRequirements, joinInWords } from '../../../core/payment-requirements.ts';
import { sandboxAccounts } from '../../db/schema.ts';
import { readFormBody } from '../../http/validate.ts';
import { sandboxPage } from '../../payments/sandbox-page.ts';
import { SANDBOX_BANK_ACCOUNT, SANDBOX_REQUIREMENTS, type SandboxProvider } from '../../payments/sandbox-provider.ts';
import type { Services } from '../../services.ts';
import { refreshPaymentAccount } from './payment-accounts.ts';

type Fields = { firstName: string; lastName: string; bankAccount: string; acceptsTerms: boolean };

/** What is still due, as the provider's codes, for what the form has so far. */
function requirementsFor(fields: Fields): string[] {
  const due: Record<(typeof SANDBOX_REQUIREMENTS)[number], boolean> = {
    'individual.first_name': !fields.firstName,
    'individual.last_name': !fields.lastName,
    external_account: fields.bankAccount !== SANDBOX_BANK_ACCOUNT,
    'tos_acceptance.date': !fields.acceptsTerms,
  };
  return SANDBOX_REQUIREMENTS.filter((requirement) => due[requirement]);
}

/**
 * The sandbox provider's account onboarding (D13), what Stripe's hosted onboarding is for the real
 * provider: reached only through a signed, short-lived link; 'Submit' with every field completes
 * the account, 'Save and finish later' leaves what is missing due. Either way the account holder
 * goes back to Marquee's return address, and the account's new state reaches Marquee as the
 * provider's account.updated would.
 */
export function sandboxOnboardingRoutes(services: Services, sandbox: SandboxProvider) {
  const app = new Hono();
  const { db } = services;

  const form = (accountId: string, query: string, account: typeof sandboxAccounts.$inferSelect, error: string | null) => html`<div class="card">
    <h1>Set up payouts</h1>
    <p>Marquee pays ticket shares to <strong>${account.name}</strong> (${account.email}) through this test provider.</p>
    <form method="post" action="/sandbox/onboarding/${encodeURIComponent(accountId)}?${query}">
      <div class="row">
        <div><label for="firstName">Legal first name</label><input id="firstName" name="firstName" autocomplete="given-name" value="${account.legalName?.split(' ')[0] ?? ''}" /></div>
        <div><label for="lastName">Legal last name</label><input id="lastName" name="lastName" autocomplete="family-name" value="${account.legalName?.split(' ').slice(1).join(' ') ?? ''}" /></div>
      </div>
      <label for="bankAccount">Bank account number</label>
      <input id="bankAccount" name="bankAccount" inputmode="numeric" autocomplete="off" aria-describedby="bank-hint" />
      <p class="hint" id="bank-hint">Test account: ${SANDBOX_BANK_ACCOUNT}</p>
      <label class="check"><input type="checkbox" name="acceptsTerms" value="yes" /> I accept the test provider's terms of service.</label>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <button class="pay" type="submit" name="action" value="submit">Submit</button>
      <button class="secondary" type="submit" name="action" value="later">Save and finish later</button>
    </form>
  </div>`;

  const load = async (accountId: string, query: Record<string, string>) => {
    const link = sandbox.readOnboardingLink(accountId, query);
    if (!link || link === 'expired') return { link };
    const [account] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    return { link: account ? link : null, account };
  };
  const invalid = () => sandboxPage('Link not valid', html`<div class="card"><h1>This setup link is not valid</h1><p>Start payment setup again from your Marquee dashboard.</p></div>`);

  app.get('/sandbox/onboarding/:accountId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const accountId = c.req.param('accountId');
    const { link, account } = await load(accountId, c.req.query());
    if (link === 'expired') return c.redirect(c.req.query('refresh_url')!, 303);
    if (!link || !account) return c.html(invalid(), 404);
    return c.html(sandboxPage('Set up payouts', form(accountId, new URL(c.req.url).search.slice(1), account, null)));
  });

  app.post('/sandbox/onboarding/:accountId', async (c) => {
    c.header('Cache-Control', 'no-store');
    const accountId = c.req.param('accountId');
    const { link, account } = await load(accountId, c.req.query());
    if (link === 'expired') return c.redirect(c.req.query('refresh_url')!, 303);
    if (!link || !account) return c.html(invalid(), 404);
    const body = await readFormBody(c);
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name]).trim().slice(0, 100) : '');
    const fields: Fields = { firstName: text('firstName'), lastName: text('lastName'), bankAccount: text('bankAccount').replace(/\D/g, ''), acceptsTerms: body.acceptsTerms === 'yes' };
    const due = requirementsFor(fields);
    if (body.action === 'submit' && due.length > 0) {
      // In words, not the provider's codes (issue 21).
      const needed = describeRequirements(due).map((item) => item.charAt(0).toLowerCase() + item.slice(1));
      const error = `Please complete every field. Still needed: ${joinInWords(needed)}.`;
      return c.html(sandboxPage('Set up payouts', form(accountId, new URL(c.req.url).search.slice(1), account, error)), 422);
    }
    await db
      .update(sandboxAccounts)
      .set({
        legalName: [fields.firstName, fields.lastName].filter(Boolean).join(' ') || account.legalName,
        bankLast4: fields.bankAccount ? fields.bankAccount.slice(-4) : account.bankLast4,
        status: due.length === 0 ? 'complete' : 'pending',
        requirementsDue: due,
        updatedAt: new Date(),
      })
      .where(eq(sandboxAccounts.id, accountId));
    // What the provider's account.updated event does for a real account.
    await refreshPaymentAccount(services, accountId);
    return c.redirect(link.returnUrl, 303);
  });

  return app;
}
