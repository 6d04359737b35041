import { getTranslations } from 'next-intl/server';
import { pageFormatter } from '@/lib/i18n/format';
import { AGENCY } from '@/lib/agency';
import { FIGURE_IDS } from '@/lib/content/schema';
import type { Locale } from '@/lib/i18n/routing';
import { SITE } from '@/lib/site';
import { ExampleMarker } from './example-marker';

export interface FigureItem {
  id: string;
  value: string;
  label: string;
  example: boolean;
}

/** The agency's figures with their one label (`Agency.figures.*`): the home page and About show the same list. */
export async function agencyFigures(locale: Locale): Promise<FigureItem[]> {
  const t = await getTranslations({ locale, namespace: 'Agency.figures' });
  const format = pageFormatter(locale);
  return FIGURE_IDS.flatMap((id) => {
    const figure = AGENCY.figures[id];
    if (figure.example && !SITE.showExampleContent) return [];
    const number = figure.unit === 'percent' ? format.number(figure.value / 100, { style: 'percent' }) : format.number(figure.value);
    return [{ id, value: figure.atLeast ? `${number}+` : number, label: t(id), example: figure.example }];
  });
}

export async function FigureList({ locale, items, itemClassName }: { locale: Locale; items: FigureItem[]; itemClassName: string }) {
  const t = await getTranslations({ locale, namespace: 'Agency' });
  return items.map((item) => (
    <div key={item.id} data-figure={item.id} className={itemClassName}>
      <dt className="mt-1 text-sm text-slate-700">
        {item.label}
        <ExampleMarker label={t('example')} show={item.example} />
      </dt>
      <dd className="text-3xl font-bold text-ocean-700">{item.value}</dd>
    </div>
  ));
}
