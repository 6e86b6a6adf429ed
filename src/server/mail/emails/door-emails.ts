import { createElement as h } from 'react';
import { Img } from '@react-email/components';
import { secretPlaceholder } from '../secrets.ts';
import { ButtonLink, EmailLayout, FinePrint, Paragraph } from './layout.ts';
import { renderEmail } from './render-email.ts';
import { TICKET_QR_CONTENT_ID, ticketSecretKey } from './ticket.ts';

/** The door staff link's secret: its token is the invitation, so the outbox never shows it. */
export const DOOR_JOIN_SECRET = 'doorJoin';
const JOIN = secretPlaceholder(DOOR_JOIN_SECRET);

/** One gig (`show` and `when`), or, without them, every gig at the venue. */
type InviteProps = { inviterName: string; venueName: string; show?: { name: string; when: string }; expiresOn: string };

const scopeOf = ({ venueName, show }: InviteProps) => (show ? `${show.name} at ${venueName}, ${show.when}` : `every gig at ${venueName}`);

const onlyTheDoor = 'You will see only the door: the scanner and the guest list for your gigs. No account, no dashboard, no money.';
const devices = 'The link works on up to three phones or tablets. Do not pass it on: whoever opens it can scan at your door.';

function DoorStaffInvite({ subject, ...props }: InviteProps & { subject: string }) {
  const { inviterName, expiresOn } = props;
  return h(
    EmailLayout,
    { subject, footer: h(FinePrint, null, `You got this because ${inviterName} entered your address on Marquee. If you were not expecting it, ignore it: nothing happens until the link is opened.`) },
    h(Paragraph, null, `${inviterName} asked you to work the door ${props.show ? 'for ' : 'at '}`, h('strong', null, scopeOf(props)), '.'),
    h(Paragraph, null, 'Open this link on the phone you will scan tickets with. It sets the phone up as a door; from then on it scans tickets, even without signal.'),
    h(ButtonLink, { href: JOIN }, 'Open the door scanner'),
    h(Paragraph, null, onlyTheDoor),
    h(Paragraph, null, `${devices} The link can be used until ${expiresOn}.`),
  );
}

/** Decision 51: door staff are invited by e-mail; the link (`secrets.doorJoin`) is filled in at delivery. */
export function doorStaffInviteEmail(props: InviteProps) {
  const subject = props.show ? `Door staff for ${props.show.name} at ${props.venueName}: your scanner link` : `Door staff at ${props.venueName}: your scanner link`;
  return renderEmail({
    subject,
    text: `${props.inviterName} asked you to work the door ${props.show ? 'for' : 'at'} ${scopeOf(props)}.\n\nOpen this link on the phone you will scan tickets with: ${JOIN}\n\nIt sets the phone up as a door; from then on it scans tickets, even without signal.\n\n${onlyTheDoor}\n\n${devices} The link can be used until ${props.expiresOn}.`,
    body: h(DoorStaffInvite, { subject, ...props }),
  });
}

type GuestProps = { guestName: string; partySize: number; showName: string; venueName: string; when: string; organiserName: string };

const CODE = secretPlaceholder(ticketSecretKey(1));
const admits = (partySize: number) => (partySize > 1 ? `It admits your party of ${partySize}: show it at the door, and it is scanned once for each of you.` : 'It admits one person, once: show it at the door.');

function GuestTicket({ subject, guestName, partySize, showName, venueName, when, organiserName }: GuestProps & { subject: string }) {
  return h(
    EmailLayout,
    { subject },
    h(Paragraph, null, `Hi ${guestName}, ${organiserName} put you on the guest list for `, h('strong', null, showName), ` at ${venueName}, ${when}.`),
    h(Img, { src: `cid:${TICKET_QR_CONTENT_ID}`, alt: 'Guest list QR code', width: 240, height: 240, style: { display: 'block', margin: '0 0 16px', backgroundColor: '#ffffff' } }),
    h(Paragraph, null, admits(partySize)),
    h(Paragraph, null, 'No phone at the door? Give your name: the door finds it on the list.'),
  );
}

/**
 * Decision 51: a guest-list entry with an address gets a ticket: the QR code of its signed code
 * (`secrets.ticket`), drawn at delivery like every ticket's.
 */
export function guestTicketEmail(props: GuestProps) {
  const subject = `You're on the guest list: ${props.showName} at ${props.venueName}`;
  return renderEmail({
    subject,
    text: `Hi ${props.guestName}, ${props.organiserName} put you on the guest list for ${props.showName} at ${props.venueName}, ${props.when}.\n\nYour guest-list code (its QR code is attached): ${CODE}\n\n${admits(props.partySize)}\n\nNo phone at the door? Give your name: the door finds it on the list.`,
    body: h(GuestTicket, { subject, ...props }),
  });
}
