import type { ComponentProps } from 'react';
import { MDXRemote } from 'next-mdx-remote/rsc';
import { AGENCY } from '@/lib/agency';
import { getAboutBody } from '@/lib/content/about';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { RULES_REVIEWED_AT } from '@/lib/visa/rules';

// Server-only elements: the blog's map brings a client table component, which would add to the
// page's first-load JavaScript for a text that has no table.
const ELEMENTS = {
  h2: (props: ComponentProps<'h2'>) => <h2 {...props} className="mt-12 text-2xl font-bold tracking-tight text-ocean-900 first:mt-0" />,
  h3: (props: ComponentProps<'h3'>) => <h3 {...props} className="mt-8 text-xl font-bold tracking-tight text-ocean-900" />,
  p: (props: ComponentProps<'p'>) => <p {...props} className="mt-5 leading-8" />,
  a: (props: ComponentProps<'a'>) => <a {...props} className="font-medium text-ocean-700 underline underline-offset-4 hover:no-underline" />,
  ul: (props: ComponentProps<'ul'>) => <ul {...props} className="mt-5 list-disc space-y-2 pl-6 leading-8" />,
  strong: (props: ComponentProps<'strong'>) => <strong {...props} className="font-semibold text-slate-900" />,
};

/**
 * The about page's text, written by the editor in content/about/<locale>.mdx. Two tags take their
 * value from the one place it is kept: <ConsultationMinutes /> (content/agency/claims.yaml) and
 * <RulesCheckedOn /> (the date the visa rules were last checked).
 */
export function AboutBody({ locale }: { locale: Locale }) {
  const checked = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${RULES_REVIEWED_AT}T12:00:00Z`));
  const components = {
    ...ELEMENTS,
    ConsultationMinutes: () => <>{AGENCY.promises.consultationMinutes}</>,
    RulesCheckedOn: () => <time dateTime={RULES_REVIEWED_AT}>{checked}</time>,
  };
  return (
    <div data-about-body className="mx-auto max-w-3xl px-4 text-lg text-slate-800">
      <MDXRemote source={getAboutBody({ locale })} components={components} />
    </div>
  );
}
