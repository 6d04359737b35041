import { getTranslations } from 'next-intl/server';
import { ConsoleLink } from '@/components/admin/shell/console-link';
import { AUDIT_ACTIONS } from '@/lib/audit/actions';
import type { AuditFilter } from '@/lib/audit/filter';
import { VIEW_HREF } from '@/lib/console-app/views';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';

const FIELD = 'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-ocean-700';
const LABEL = 'block text-sm font-semibold text-slate-800';
const BUTTON = 'inline-flex min-h-11 items-center rounded-lg px-5 font-semibold';

/** A plain GET form: the filters are the page's address, so back, reload and a shared link keep them; it works without script. */
export async function AuditFilters({ filter, operators }: { filter: AuditFilter; operators: string[] }) {
  const t = await getTranslations({ locale: DEFAULT_LOCALE, namespace: 'AdminConsole.audit' });
  return (
    <form method="get" action={VIEW_HREF.audit} className="rounded-xl border border-slate-200 bg-white p-4">
      <fieldset>
        <legend className="font-semibold text-ocean-900">{t('filters')}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <div>
            <label htmlFor="audit-action" className={LABEL}>
              {t('action')}
            </label>
            <select id="audit-action" name="action" defaultValue={filter.action ?? ''} className={FIELD}>
              <option value="">{t('allActions')}</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {t(`actions.${action}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="audit-operator" className={LABEL}>
              {t('operator')}
            </label>
            <select id="audit-operator" name="operator" defaultValue={filter.operator ?? ''} className={FIELD}>
              <option value="">{t('allOperators')}</option>
              {operators.map((email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ))}
            </select>
          </div>
          {(['from', 'to'] as const).map((bound) => (
            <div key={bound}>
              <label htmlFor={`audit-${bound}`} className={LABEL}>
                {t(bound)}
              </label>
              <input id={`audit-${bound}`} name={bound} type="date" defaultValue={filter[bound] ?? ''} className={FIELD} />
            </div>
          ))}
          <div>
            <label htmlFor="audit-target" className={LABEL}>
              {t('target')}
            </label>
            <input
              id="audit-target"
              name="target"
              type="text"
              defaultValue={filter.target ?? ''}
              aria-describedby="audit-target-hint"
              autoComplete="off"
              spellCheck={false}
              className={`${FIELD} font-mono`}
            />
            <p id="audit-target-hint" className="mt-1 text-sm text-slate-700">
              {t('targetHint')}
            </p>
          </div>
        </div>
      </fieldset>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="submit" className={`${BUTTON} bg-ocean-700 text-white hover:bg-ocean-800`}>
          {t('apply')}
        </button>
        <ConsoleLink href={VIEW_HREF.audit} className={`${BUTTON} border border-slate-400 text-slate-900 hover:bg-slate-100`}>
          {t('reset')}
        </ConsoleLink>
      </div>
    </form>
  );
}
