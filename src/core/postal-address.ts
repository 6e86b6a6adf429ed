/**
 * Issue 35 (decision 60): a venue's address as the fields schema.org's PostalAddress has, which
 * search engines, fediverse servers and API clients read, next to the one line people read.
 * Venues give the fields in their editor; a one-line address (registration, older venues, the
 * import) is read into fields where it has the usual "street, city, ST 12345" shape.
 */
export type PostalAddress = {
  streetAddress: string;
  addressLocality: string | null;
  addressRegion: string | null;
  postalCode: string | null;
  addressCountry: string | null;
};

/** What the database holds: each field, null for a venue that never gave them. */
export type StoredPostalAddress = { [K in keyof PostalAddress]: string | null };

const US_STATE = /^[A-Z]{2}$/;
const US_ZIP = /^\d{5}(?:-\d{4})?$/;
const STATE_AND_ZIP = /^([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const US_COUNTRY = /^(?:US|USA|U\.S\.A?\.?|United States(?: of America)?)$/i;

/** A one-line address read into fields; what cannot be told apart stays in the street line. */
export function parseOneLineAddress(line: string): PostalAddress {
  const parts = line
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  let addressCountry: string | null = null;
  let addressRegion: string | null = null;
  let postalCode: string | null = null;
  if (parts.length > 1 && US_COUNTRY.test(parts.at(-1)!)) {
    parts.pop();
    addressCountry = 'US';
  }
  const last = parts.length > 1 ? parts.at(-1)! : '';
  const stateAndZip = STATE_AND_ZIP.exec(last);
  if (stateAndZip) {
    [addressRegion, postalCode] = [stateAndZip[1]!, stateAndZip[2]!];
    parts.pop();
  } else if (US_ZIP.test(last)) {
    postalCode = last;
    parts.pop();
    if (parts.length > 1 && US_STATE.test(parts.at(-1)!)) addressRegion = parts.pop()!;
  } else if (US_STATE.test(last)) {
    addressRegion = last;
    parts.pop();
  }
  // A city is named only where a street comes before it ("Chicago" alone stays the street line).
  const addressLocality = parts.length > 1 && (addressRegion || postalCode || addressCountry || parts.length > 2) ? parts.pop()! : null;
  if (addressRegion && !addressCountry) addressCountry = 'US';
  return { streetAddress: parts.join(', '), addressLocality, addressRegion, postalCode, addressCountry };
}

/** The one line shown on pages, tickets and e-mails: "2200 N Lincoln Ave, Chicago, IL 60614". */
export function oneLineAddress(address: Omit<PostalAddress, 'addressCountry'>): string {
  const regionAndCode = [address.addressRegion, address.postalCode].filter(Boolean).join(' ');
  return [address.streetAddress, address.addressLocality, regionAndCode].filter(Boolean).join(', ');
}

/** A venue's address as fields: the ones it gave, else its one line read as well as it can be. */
export function postalAddressOf(venue: { address: string; postalAddress?: StoredPostalAddress | null }): PostalAddress {
  const stored = venue.postalAddress;
  if (stored?.streetAddress) {
    const { streetAddress, addressLocality, addressRegion, postalCode, addressCountry } = stored;
    return { streetAddress, addressLocality, addressRegion, postalCode, addressCountry };
  }
  return parseOneLineAddress(venue.address);
}

type AddressInput = { address: string; addressLocality?: string | undefined; addressRegion?: string | undefined; postalCode?: string | undefined; addressCountry?: string | undefined };

/**
 * What a venue's save or registration stores: the fields as given, the one line made from them;
 * or, when only one line was given, that line as typed and the fields read from it.
 */
export function addressColumnsOf(input: AddressInput): PostalAddress & { address: string } {
  const { address, addressLocality, addressRegion, postalCode, addressCountry } = input;
  if (!addressLocality && !addressRegion && !postalCode) {
    const parsed = parseOneLineAddress(address);
    return { ...parsed, addressCountry: addressCountry ?? parsed.addressCountry, address };
  }
  const fields: PostalAddress = {
    streetAddress: address,
    addressLocality: addressLocality ?? null,
    addressRegion: addressRegion ?? null,
    postalCode: postalCode ?? null,
    addressCountry: addressCountry ?? (addressRegion && US_STATE.test(addressRegion) ? 'US' : null),
  };
  return { ...fields, address: oneLineAddress(fields) };
}
