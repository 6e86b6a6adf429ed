// What a payment provider still needs before an account can be paid, in words (issue 21): the
// provider names each item by a code such as `individual.first_name`, which means nothing to a band.

const LABELS: Record<string, string> = {
  'individual.first_name': 'Your legal first name',
  'individual.last_name': 'Your legal last name',
  'individual.dob.day': 'Your date of birth',
  'individual.dob.month': 'Your date of birth',
  'individual.dob.year': 'Your date of birth',
  'individual.address.line1': 'Your home address',
  'individual.address.city': 'Your home address',
  'individual.address.postal_code': 'Your home address',
  'individual.address.state': 'Your home address',
  'individual.email': 'Your e-mail address',
  'individual.phone': 'Your phone number',
  'individual.ssn_last_4': 'The last 4 digits of your Social Security number',
  'individual.id_number': 'Your Social Security number',
  'individual.verification.document': 'A photo of your ID',
  external_account: 'A bank account for payouts',
  'tos_acceptance.date': "Acceptance of the payment provider's terms of service",
  'tos_acceptance.ip': "Acceptance of the payment provider's terms of service",
  'business_profile.url': 'Your website or a social media page',
  'business_profile.mcc': 'Your business category',
  'business_profile.product_description': 'A description of what you sell',
  business_type: 'Your type of business',
  'company.name': 'Your business name',
  'company.tax_id': "Your business's tax ID",
  'company.address.line1': "Your business's address",
  'company.phone': "Your business's phone number",
};

/** One requirement in words; an unknown code read as well as it can be, without dots or underscores. */
export function describeRequirement(code: string): string {
  const known = LABELS[code];
  if (known) return known;
  const words = code
    .replace(/^(individual|company|representative|person_[A-Za-z0-9]+|business_profile|settings)\./, '')
    .replace(/[._]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Additional information';
}

/** The items still due, in words, each once and in the provider's order. */
export function describeRequirements(codes: readonly string[]): string[] {
  return [...new Set(codes.map(describeRequirement))];
}

/** 'a, b and c', for a sentence. */
export function joinInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
