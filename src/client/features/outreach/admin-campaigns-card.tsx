import { Alert } from '../../components/ui/field.tsx';
import { useAdminCampaigns } from './api.ts';
import { CampaignStatusBadge, CampaignTable, Cell, FollowUpNote, campaignDate } from './outreach-parts.tsx';

/** The admin dashboard's view of every band's outreach campaigns, newest first, with their follow-ups (issue 21). */
export function AdminCampaignsCard() {
  const campaigns = useAdminCampaigns();
  return (
    <section className="card mt-8 space-y-3" aria-labelledby="admin-campaigns-heading">
      <h2 id="admin-campaigns-heading" className="text-xl font-semibold">
        Outreach campaigns
      </h2>
      {campaigns.isPending && <p className="text-zinc-400">Loading…</p>}
      {campaigns.isError && <Alert>The outreach campaigns could not be loaded. Please try again.</Alert>}
      {campaigns.data?.length === 0 && <p className="text-zinc-300">No outreach campaigns yet.</p>}
      {campaigns.data && campaigns.data.length > 0 && (
        <CampaignTable label="Outreach campaigns table" head={['Date', 'Band', 'Package', 'Location', 'Venues Reached', 'Responses', 'Status']}>
          {campaigns.data.map((c) => (
            <tr key={c.id}>
              <Cell>{campaignDate(c.createdAt)}</Cell>
              <Cell>{c.bandName}</Cell>
              <Cell>{c.packageName}</Cell>
              <Cell>{c.location}</Cell>
              <Cell isNumeric>
                {c.venuesReached} of {c.venuesTargeted}
                <FollowUpNote campaign={c} />
              </Cell>
              <Cell isNumeric>{c.responses}</Cell>
              <Cell>
                <CampaignStatusBadge status={c.status} otherTone="grey" />
              </Cell>
            </tr>
          ))}
        </CampaignTable>
      )}
    </section>
  );
}
