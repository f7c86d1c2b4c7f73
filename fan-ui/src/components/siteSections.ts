/** The shop's sections, in the app bar: inline from a tablet up, behind a menu button on a phone. */
export const SITE_SECTIONS = [
  { key: 'matches', to: '/fixtures/all' },
  { key: 'wallet', to: '/wallet/' },
  { key: 'account', to: '/myaccount' },
  { key: 'help', to: '/help' },
] as const;
