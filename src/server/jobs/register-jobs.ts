// Every job Marquee runs on the queue (pg-boss), registered beside the queue so that the
// composition root (`create-services.ts`) wires it in one call and no feature imports the root.
import type { Services } from '../services.ts';
import type { PaymentEvent } from '../payments/payment-provider.ts';
import { sendPendingBandNotices } from '../features/booking/notify-bands.ts';
import { mailApplicationOutcomes } from '../features/booking/mail-application-outcomes.ts';
import { sendNewGigNotices } from '../features/followers/notify-followers.ts';
import { sendPendingTransfers } from '../features/payouts/send-pending-transfers.ts';
import { processPendingRefunds } from '../features/payouts/process-pending-refunds.ts';
import { settleBandShareHolds } from '../features/payouts/band-share-holds.ts';
import { deliverSandboxEvent } from '../features/tickets/receive-payment-event.ts';
import { deliverSandboxEvents } from '../features/tickets/deliver-sandbox-events.ts';
import { settleExpiredOrders } from '../features/tickets/settle-expired-orders.ts';
import { offerWaitlistTickets } from '../features/waitlist/offer-waitlist-tickets.ts';
import { sendOutreachCampaigns } from '../features/outreach/send-outreach-campaigns.ts';
import { sendOutreachFollowUps } from '../features/outreach/send-outreach-follow-ups.ts';
import { sendWeeklyDigests } from '../features/digest/send-weekly-digest.ts';
import { sendHolderMessages } from '../features/holders/message-ticket-holders.ts';
import { sendShowReminders } from '../features/holders/send-show-reminders.ts';
import { settleGigCancellations } from '../features/holders/settle-gig-cancellations.ts';
import { pruneApiCounters } from '../features/public-api/api-http.ts';
import { deliverDueWebhooks, WEBHOOK_RUN_MS } from '../features/webhooks/deliver-webhooks.ts';
import type { LiveTopic } from '../features/live/live-events.ts';
import { federatePendingGigs } from '../features/federation/federate-gigs.ts';
import { federationOf } from '../features/federation/create-federation.ts';
import { pruneFederationKv } from '../features/federation/federation-store.ts';
import { sendWalletPassUpdates } from '../features/tickets/wallet-pass-updates.ts';
import { isWalletConfigured } from '../features/tickets/wallet-settings.ts';
import { QUEUES, stopIfStopping, type JobQueue } from './job-queue.ts';

/** Registers each job's handler and its schedule (the e-mail delivery worker is the mailer's own, in create-services.ts). */
export async function registerJobs(services: Services, jobs: JobQueue): Promise<void> {
  const { logger } = services;
  await jobs.work(QUEUES.notifyBands, async () => {
    const sent = await sendPendingBandNotices(services);
    if (sent) logger.info({ sent }, 'band notices sent');
  });
  // A sweep, for a notice whose wake-up was lost to a restart between recording and queueing;
  // and one pass at start-up, so such a notice goes out now rather than within the minute.
  await jobs.schedule(QUEUES.notifyBands, '* * * * *');
  await jobs.send(QUEUES.notifyBands);
  await jobs.work(QUEUES.notifyFollowers, async () => {
    const announced = await sendNewGigNotices(services);
    if (announced) logger.info({ announced }, 'new gigs announced to followers');
  });
  await jobs.schedule(QUEUES.notifyFollowers, '* * * * *');
  await jobs.send(QUEUES.notifyFollowers);
  // Decision 37: each applicant of a booked gig hears the outcome; woken by each approval, with a sweep.
  await jobs.work(QUEUES.mailApplicationOutcomes, async () => {
    const mailed = await mailApplicationOutcomes(services);
    if (mailed) logger.info({ mailed }, 'application outcomes e-mailed');
  });
  await jobs.schedule(QUEUES.mailApplicationOutcomes, '* * * * *');
  await jobs.send(QUEUES.mailApplicationOutcomes);
  // Money owed (D11): sent after each payment, completion or refund, with a sweep for retries.
  await jobs.work(QUEUES.sendTransfers, async () => {
    const sent = await sendPendingTransfers(services);
    if (sent) logger.info({ sent }, 'transfers sent');
  });
  await jobs.schedule(QUEUES.sendTransfers, '* * * * *');
  // Issue 34: band shares held until payout setup: released, forfeited at the deadline, e-mailed once each.
  await jobs.work(QUEUES.bandShareHolds, async () => {
    await settleBandShareHolds(services);
  });
  await jobs.schedule(QUEUES.bandShareHolds, '* * * * *');
  await jobs.work(QUEUES.processRefunds, async () => {
    const refunded = await processPendingRefunds(services);
    if (refunded) logger.info({ refunded }, 'refunds completed');
  });
  await jobs.schedule(QUEUES.processRefunds, '* * * * *');
  // Outreach campaigns (D26): woken after each payment, with a sweep that finishes any a restart cut short.
  await jobs.work<{ campaignId?: string }>(QUEUES.sendOutreach, async (data) => {
    const sent = await sendOutreachCampaigns(services, { campaignId: data?.campaignId });
    if (sent) logger.info({ sent }, 'outreach e-mails written');
  });
  await jobs.schedule(QUEUES.sendOutreach, '* * * * *');
  // 'Follow-up after 1 week' (issue 21): each venue's follow-up goes within 15 minutes of its week.
  await jobs.work(QUEUES.outreachFollowUps, async () => {
    const sent = await sendOutreachFollowUps(services);
    if (sent) logger.info({ sent }, 'outreach follow-ups written');
  });
  await jobs.schedule(QUEUES.outreachFollowUps, '*/15 * * * *');
  // Texts (D29): queued in the outbox, sent through the provider after the transaction, with a sweep for retries.
  if (services.sms.name !== 'outbox') {
    await jobs.work(QUEUES.deliverTexts, async () => {
      await services.sms.deliverQueued();
    });
    await jobs.schedule(QUEUES.deliverTexts, '* * * * *');
  }
  // The weekly digest (D30): each region's, once its local send time has come, checked every 15 minutes.
  await jobs.work(QUEUES.weeklyDigest, async () => {
    await sendWeeklyDigests(services);
  });
  await jobs.schedule(QUEUES.weeklyDigest, '*/15 * * * *');
  // Decision 49: messages to a gig's holders (woken by each message), the reminder the day before
  // (due by each gig's local date, checked every 15 minutes) and cancelled gigs' refunds and
  // notices (woken by each cancellation); each with a sweep that finishes what a restart cut short.
  await jobs.work(QUEUES.sendHolderMessages, async () => {
    const written = await sendHolderMessages(services);
    if (written) logger.info({ written }, 'messages to ticket holders written');
  });
  await jobs.schedule(QUEUES.sendHolderMessages, '* * * * *');
  await jobs.work(QUEUES.showReminders, async () => {
    await sendShowReminders(services);
  });
  await jobs.schedule(QUEUES.showReminders, '*/15 * * * *');
  await jobs.work(QUEUES.settleGigCancellations, async () => {
    await settleGigCancellations(services);
  });
  await jobs.schedule(QUEUES.settleGigCancellations, '* * * * *');
  // Decision 53: the public API counts every client; the counters of ended windows are forgotten.
  await jobs.work(QUEUES.pruneApiCounters, async () => {
    await pruneApiCounters(services.db);
  });
  await jobs.schedule(QUEUES.pruneApiCounters, '*/10 * * * *');
  // Decision 54: organisers' webhooks, due ones sent every minute (and when a resend or re-enable
  // wakes the job); each failure waits its turn on the retry schedule. A claim takes a few of each
  // endpoint's deliveries in turn (issue 33), so it may be short of a batch while one endpoint still
  // has a backlog: claims go on until nothing is due, for at most five minutes a run (the next
  // minute's run goes on from there).
  await jobs.work(QUEUES.deliverWebhooks, async () => {
    const until = Date.now() + WEBHOOK_RUN_MS;
    for (;;) {
      const { delivered, failed, disabled } = await deliverDueWebhooks(services);
      if (delivered || failed) logger.info({ delivered, failed, disabled }, 'webhooks sent');
      if (delivered + failed === 0 || Date.now() > until) break;
      stopIfStopping(services.stopping);
    }
  });
  /** A queue's job sent soon after a database notice on `topic` (at most one wake per `delayMs`, however many notices). */
  const wakeOnNotice = (topic: LiveTopic, queue: string, delayMs: number) => {
    let isWakeQueued = false;
    services.live?.events.on(topic, () => {
      if (isWakeQueued) return;
      isWakeQueued = true;
      setTimeout(() => {
        isWakeQueued = false;
        void jobs.send(queue).catch(() => undefined);
      }, delayMs).unref();
    });
  };
  await jobs.schedule(QUEUES.deliverWebhooks, '* * * * *');
  await jobs.send(QUEUES.deliverWebhooks);
  // Issue 35: a recorded event wakes the job within a second (at most one wake a second), so a
  // sale reaches its endpoints in seconds, not at the next minute's sweep.
  wakeOnNotice('webhooks', QUEUES.deliverWebhooks, 250);
  // ActivityPub (decision 56): marked gigs become Events for followers elsewhere, woken by every
  // change to public gigs (at most once a second) with a sweep; Fedify's own deliveries and their
  // retries run from the `federation` queue. Expired cache entries go with each run.
  const federation = federationOf(services);
  if (federation) {
    await jobs.work(QUEUES.federateGigs, async () => {
      const sent = await federatePendingGigs(services);
      if (sent) logger.info({ sent }, 'gigs sent to the fediverse');
      await pruneFederationKv(services.db);
    });
    await jobs.schedule(QUEUES.federateGigs, '* * * * *');
    await jobs.send(QUEUES.federateGigs);
    wakeOnNotice('gigs', QUEUES.federateGigs, 1000);
    void federation.startQueue(services, { signal: services.stopping }).catch((error: unknown) => logger.error({ err: error }, 'federation queue stopped'));
  }
  // Issue 34: saved wallet passes whose ticket changed (marked in the change's transaction), told every minute.
  if (isWalletConfigured(services.wallets)) {
    await jobs.work(QUEUES.updateWalletPasses, async () => {
      const { pushed, googleUpdated, failed } = await sendWalletPassUpdates(services);
      if (pushed || googleUpdated || failed) logger.info({ pushed, googleUpdated, failed }, 'wallet passes updated');
    });
    await jobs.schedule(QUEUES.updateWalletPasses, '* * * * *');
    await jobs.send(QUEUES.updateWalletPasses);
  }
  // The sandbox's webhook (decision 35): each event is recorded on its checkout and delivered
  // until applied; a failed delivery is retried by pg-boss with backoff, and the sweep every
  // minute (and once at start-up) delivers any a crash left behind. ({ event } is a job queued
  // by an older version.)
  if (services.sandbox) {
    const sandboxProvider = services.sandbox;
    await jobs.work<{ sessionId?: string; event?: PaymentEvent }>(QUEUES.deliverSandboxEvents, async ({ sessionId, event }) => {
      if (event) await deliverSandboxEvent(services, sandboxProvider, event);
      const delivered = await deliverSandboxEvents(services, sandboxProvider, { sessionId });
      if (delivered && !sessionId) logger.info({ delivered }, 'sandbox payment events delivered by the sweep');
    });
    await jobs.schedule(QUEUES.deliverSandboxEvents, '* * * * *');
    await jobs.send(QUEUES.deliverSandboxEvents);
  }
  // Checkouts whose time is up (decision 35): asks the provider about each (reconciliation), then gives unpaid holds' seats back.
  if (services.env.PAYMENTS !== 'off') {
    await jobs.work(QUEUES.settleExpiredOrders, async () => {
      const { reconciled, released } = await settleExpiredOrders(services);
      if (released) logger.info({ released, reconciled }, 'expired checkouts settled');
      // A seat given back goes to a sold-out gig's waitlist first (decision 50).
      if (released) await jobs.send(QUEUES.offerWaitlist);
    });
    await jobs.schedule(QUEUES.settleExpiredOrders, '* * * * *');
    // Decision 50: returned tickets and freed seats offered to the waitlist, offers run out passed on;
    // woken by returns, refunds, released holds and gig edits, with a sweep every minute.
    await jobs.work(QUEUES.offerWaitlist, async () => {
      const { offered, expired, withdrawn } = await offerWaitlistTickets(services);
      if (offered || expired || withdrawn) logger.info({ offered, expired, withdrawn }, 'waitlist offers made');
    });
    await jobs.schedule(QUEUES.offerWaitlist, '* * * * *');
  }
}
