export const NAV_ITEMS = [
  { key: 'home', path: '' },
  { key: 'services', path: 'services' },
  { key: 'visaFinder', path: 'visa-finder' },
  { key: 'blog', path: 'blog' },
  { key: 'about', path: 'about' },
] as const;

export type NavKey = (typeof NAV_ITEMS)[number]['key'];

export interface NavLinkData {
  href: string;
  label: string;
}
