'use client';

import { useTranslations } from 'next-intl';
import { unwrap } from '@/components/admin/shell/action-result';
import { merge } from './actions';
import type { PersonDetailDto } from './people-api';
import type { PersonActs } from './use-person-acts';

type Props = { detail: PersonDetailDto; people: PersonActs };

const BUTTON = 'inline-flex min-h-10 items-center rounded-lg border border-slate-400 px-3 text-sm font-semibold text-slate-900 hover:bg-slate-100';

/**
 * An address nobody proved (the link e-mailed to it was never opened): said so, and when someone
 * else has it, the merge offered in one click. Until then this person keeps their own name.
 */
export function PersonAddress({ detail, people }: Props) {
  const t = useTranslations('AdminConsole.people');
  const { person, sameAddress } = detail;
  if (!person.email || person.emailVerified) return null;
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="person-address">
      <p>
        <span className="rounded bg-amber-200 px-2 py-0.5 font-semibold text-amber-950">{t('unverified')}</span>{' '}
        <span className="text-slate-800">{t('unverifiedHelp')}</span>
      </p>
      {sameAddress.map((other) => (
        <p key={other.key} className="flex flex-wrap items-center gap-2">
          <span className="text-slate-900">{t('sameAddressAs', { label: other.label })}</span>
          <button
            type="button"
            className={BUTTON}
            onClick={() => void people.act(() => unwrap(merge(person.key, other.key)), t('merged', { label: person.label }))}
          >
            {t('mergeSameAddress', { label: other.label })}
          </button>
        </p>
      ))}
    </div>
  );
}
