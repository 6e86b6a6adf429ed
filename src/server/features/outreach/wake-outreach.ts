import { QUEUES } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { sendOutreachCampaigns } from './send-outreach-campaigns.ts';

/** Starts sending a campaign: through the job queue when it runs, else at once (tests, scripts). */
export async function wakeOutreach(services: Pick<Services, 'db' | 'mailer' | 'env' | 'logger' | 'jobs'>, campaignId: string) {
  if (services.jobs) await services.jobs.send(QUEUES.sendOutreach, { campaignId });
  else await sendOutreachCampaigns(services, { campaignId });
}
