/** One fact of a gig: a label and its value, inline. */
function Term({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="inline text-zinc-400">{label}: </dt>
      <dd className="inline">{value}</dd>
    </div>
  );
}

/** What a gig offers a band, for the items of a <dl>: load in, compensation, cover, and the tickets line if any. */
export function GigTerms({ gig, tickets }: { gig: { loadInSoundCheck: string; compensation: string; coverCharge: string | null }; tickets: string | null }) {
  return (
    <>
      <Term label="Load in & sound check" value={gig.loadInSoundCheck} />
      <Term label="Compensation" value={gig.compensation} />
      {gig.coverCharge && <Term label="Cover charge" value={gig.coverCharge} />}
      {tickets && <Term label="Tickets" value={tickets} />}
    </>
  );
}
