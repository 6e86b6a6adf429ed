/** Issue 36: the operator's health report, as the server reads it and the admin's Health card shows it. */
export type FederationFailure = { at: string; activity: string | null; error: string };
export type MessageFailure = { id: string; to: string; subject: string; kind: string; error: string | null; attempts: number; createdAt: string };
export type QueueHealth = { queue: string; waiting: number; active: number; retrying: number; failed: number; oldestWaitingAt: string | null };
export type HealthProblem = { area: 'email' | 'sms' | 'webhooks' | 'federation' | 'jobs' | 'backups' | 'payments' | 'database'; text: string; href: string };

export type Health = {
  checkedAt: string;
  version: string;
  migrations: { applied: number; inBuild: number };
  payments: { provider: string; isTestMode: boolean };
  email: { transport: 'smtp' | 'outbox'; waiting: number; failed: number; recentFailures: MessageFailure[] };
  sms: { transport: 'twilio' | 'outbox'; waiting: number; failed: number; recentFailures: MessageFailure[] };
  webhooks: { failingEndpoints: { id: string; url: string; owner: string; failingSince: string | null; autoDisabledAt: string | null; pending: number }[] };
  federation: { isOn: boolean; recentFailures: FederationFailure[] };
  jobs: QueueHealth[];
  backups: { folder: string; latest: { name: string; createdAt: string; ageHours: number } | null; maxAgeHours: number; isStale: boolean };
  storage: { where: 'disk' | 'bucket'; files: number; bytes: number };
  /** Each thing wrong, worst first, with where it is fixed. */
  problems: HealthProblem[];
};
