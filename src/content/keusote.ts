/**
 * Contact details of the Central Uusimaa wellbeing services county (Keusote) on its privacy statement and
 * accessibility statement. Written here once; they were not checked against keusote.fi from this network-less
 * environment, so confirm them with Keusote when either statement is updated.
 */
export const keusote = {
  websiteUrl: 'https://www.keusote.fi',
  website: 'www.keusote.fi',
  registryEmail: 'kirjaamo@keusote.fi',
  dataProtectionEmail: 'tietosuojavastaava@keusote.fi',
  phone: '019 226 0000',
  phoneHref: 'tel:+358192260000',
} as const
