import { getTranslations } from 'next-intl/server';
import { ExampleMarker } from '@/components/home/example-marker';
import { AGENCY } from '@/lib/agency';
import { visibleEntries } from '@/lib/content/schema';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');
}

/** One card per file of content/team/ (the placeholders only where example content is shown). */
export async function TeamList({ locale }: { locale: Locale }) {
  const members = visibleEntries(AGENCY.team, SITE.showExampleContent);
  if (members.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'About' });
  const tAgency = await getTranslations({ locale, namespace: 'Agency' });
  return (
    <section aria-labelledby="team-title" className="mx-auto max-w-6xl px-4 pt-16">
      <h2 id="team-title" className="text-3xl font-bold tracking-tight text-ocean-900">
        {t('team.title')}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {members.map((member) => (
          <li
            key={member.id}
            data-person={member.id}
            data-example-entry={member.example ? '' : undefined}
            className="rounded-xl border border-slate-200 p-6 shadow-sm"
          >
            {member.photo && member.photoAlt ? (
              // eslint-disable-next-line @next/next/no-img-element -- next/image is a client component: it would add to the page's first-load JavaScript for one small picture.
              <img src={member.photo} alt={member.photoAlt[locale]} width={64} height={64} loading="lazy" className="size-16 rounded-full object-cover" />
            ) : (
              <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-ocean-700 text-xl font-bold text-white">
                {initials(member.name)}
              </span>
            )}
            <h3 className="mt-4 text-lg font-semibold text-ocean-900">{member.name}</h3>
            <p className="text-sm font-medium text-coral-700">{member.role[locale]}</p>
            <p className="mt-3 text-slate-700">{member.bio[locale]}</p>
            <ExampleMarker label={tAgency('example')} show={member.example} />
          </li>
        ))}
      </ul>
    </section>
  );
}
