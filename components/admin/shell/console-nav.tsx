'use client';

import { ConsoleLink } from '@/components/admin/shell/console-link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CONSOLE_VIEWS, type ConsoleView } from '@/lib/console-app/views';

interface Props {
  unhandled: number;
  /** The operator is an admin: the admins' views are listed too (the server refuses them to an agent anyway). */
  admin: boolean;
}

/** The views as links: the address names the view, so back, reload and a shared link land on it. */
export function ConsoleNav({ unhandled, admin }: Props) {
  const t = useTranslations('AdminConsole.nav');
  const pathname = usePathname();
  const current = (view: ConsoleView) => pathname === view.href || pathname.startsWith(`${view.href}/`);
  return (
    // On a phone the views make one row that scrolls sideways under the thumb.
    <nav aria-label={t('label')} className="max-xs:w-full">
      <ul className="flex flex-wrap gap-1 max-xs:flex-nowrap max-xs:overflow-x-auto max-xs:pb-1">
        {CONSOLE_VIEWS.filter((view) => admin || !view.adminOnly).map((view) => {
          const selected = current(view);
          return (
            <li key={view.name} className="shrink-0">
              <ConsoleLink
                href={view.href}
                aria-current={selected ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-4 font-semibold whitespace-nowrap max-xs:px-3 ${
                  selected ? 'bg-ocean-700 text-white' : 'text-slate-800 hover:bg-slate-100'
                }`}
              >
                {t(view.name)}
                {view.name === 'requests' && unhandled > 0 && (
                  <span data-testid="unhandled-badge" className="rounded-full bg-coral-700 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
                    {t('toHandle', { count: unhandled })}
                  </span>
                )}
              </ConsoleLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
