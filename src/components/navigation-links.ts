/** Navbar links of spec §2 "Navigation" (the logo links to /). */
export const NAVBAR_LINKS = [
  { to: '/home', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/training-programs', label: 'Training Programs' },
  { to: '/innovations', label: 'Innovations' },
  { to: '/news-updates', label: 'News & Updates' },
  { to: '/contacts', label: 'Contacts' },
] as const;

/** Footer's internal links; the external video channel comes from content/institute. */
export const FOOTER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/contacts', label: 'Contacts' },
] as const;
