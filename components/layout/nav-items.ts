export const NAV_ITEMS = [
  { key: 'home', path: '' },
  { key: 'services', path: 'services' },
  { key: 'visaFinder', path: 'visa-finder' },
  { key: 'blog', path: 'blog' },
  { key: 'about', path: 'about' },
] as const;

export interface NavLinkData {
  href: string;
  label: string;
}
