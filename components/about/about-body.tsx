import { MDXRemote } from 'next-mdx-remote/rsc';
import { MDX_OPTIONS } from '@/components/blog/post-body';
import { mdxComponents } from '@/components/blog/mdx-components';
import { AGENCY } from '@/lib/agency';
import { getAboutBody } from '@/lib/content/about';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { RULES_REVIEWED_AT } from '@/lib/visa/rules';

/**
 * The about page's text, written by the editor in content/about/<locale>.mdx. Two tags take their
 * value from the one place it is kept: <ConsultationMinutes /> (content/agency/claims.yaml) and
 * <RulesCheckedOn /> (the date the visa rules were last checked).
 */
export function AboutBody({ locale, tableLabel, tableHint }: { locale: Locale; tableLabel: string; tableHint: string }) {
  const checked = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${RULES_REVIEWED_AT}T12:00:00Z`));
  const components = {
    ...mdxComponents({ tableLabel, tableHint }),
    ConsultationMinutes: () => <>{AGENCY.promises.consultationMinutes}</>,
    RulesCheckedOn: () => <time dateTime={RULES_REVIEWED_AT}>{checked}</time>,
  };
  return (
    <div data-about-body className="mx-auto max-w-3xl px-4 text-lg text-slate-800">
      <MDXRemote source={getAboutBody({ locale })} options={MDX_OPTIONS} components={components} />
    </div>
  );
}
