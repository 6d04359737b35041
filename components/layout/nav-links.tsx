'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import type { NavLinkData } from './nav-items';

/** Desktop links; the current page is marked for screen readers and styled. */
export function NavLinks({ links, label }: { links: NavLinkData[]; label: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={pathname === link.href ? 'page' : undefined} className="nav-link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
