'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useTransition } from 'react';
import { unwrap } from '@/components/admin/shell/action-result';
import { useConsole } from '@/components/admin/shell/console-context';
import { toast } from '@/components/ui/toast';
import { OPERATOR_ROLES } from '@/lib/auth/roles';
import { addOperator, type ShownInvitation } from './actions';

const BUTTON = 'inline-flex min-h-11 items-center rounded-lg px-4 font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/** The link just made, shown once, with a button that copies it (the origin is the one the admin uses). */
export function InvitationLink({ invitation }: { invitation: ShownInvitation }) {
  const t = useTranslations('AdminConsole.team');
  const heading = useRef<HTMLHeadingElement>(null);
  // Rendered only after the action answered, in the browser: the origin is the one the admin uses.
  const url = `${window.location.origin}${invitation.path}`;
  useEffect(() => heading.current?.focus(), [invitation]);
  return (
    <section aria-labelledby="invitation-link" className="space-y-2 rounded-xl border border-ocean-700 bg-ocean-50 p-4">
      <h3 id="invitation-link" ref={heading} tabIndex={-1} className="font-semibold text-ocean-900">
        {t('linkTitle', { email: invitation.email })}
      </h3>
      <p className="text-sm text-slate-800">{t('linkHelp', { date: invitation.until })}</p>
      <p data-testid="invitation-url" className="rounded-lg border border-slate-300 bg-white p-2 font-mono text-sm break-all">
        {url}
      </p>
      <button
        type="button"
        className={`${BUTTON} border border-ocean-700 text-ocean-800 hover:bg-white`}
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(
            () => toast({ title: t('copied') }),
            () => undefined,
          )
        }
      >
        {t('copy')}
      </button>
    </section>
  );
}

/** E-mail and role: the account is made without a password, and its link shown above. */
export function AddOperatorForm({ onAdded, errorText }: { onAdded: (invitation: ShownInvitation) => void; errorText: (error: unknown) => string }) {
  const t = useTranslations('AdminConsole.team');
  const { handleFailure } = useConsole();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <section aria-labelledby="team-add" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id="team-add" className="font-semibold text-slate-900">
        {t('addTitle')}
      </h3>
      <p className="max-w-3xl text-sm text-slate-700">{t('addHelp')}</p>
      <form
        aria-labelledby="team-add"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          startTransition(async () => {
            try {
              const invitation = await unwrap(addOperator(data.get('email'), data.get('role')));
              form.reset();
              onAdded(invitation);
              toast({ title: t('added', { email: invitation.email }) });
              router.refresh();
            } catch (error) {
              handleFailure(error, errorText(error));
            }
          });
        }}
      >
        <label className="min-w-64 flex-1 text-sm font-semibold text-slate-800">
          {t('email')}
          <input
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 text-base font-normal"
          />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          {t('role')}
          <select name="role" defaultValue="agent" className="mt-1 block min-h-11 rounded-lg border border-slate-400 bg-white px-2 text-base font-normal">
            {OPERATOR_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={pending} className={`${BUTTON} bg-ocean-700 text-white hover:bg-ocean-800`}>
          {pending ? t('adding') : t('add')}
        </button>
      </form>
    </section>
  );
}
