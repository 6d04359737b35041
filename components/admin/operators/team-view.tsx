'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { unwrap } from '@/components/admin/shell/action-result';
import { useConsole } from '@/components/admin/shell/console-context';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api/api-error';
import { OPERATOR_ROLES, type OperatorRole } from '@/lib/auth/roles';
import { changeRole, disableOperator, renewLink, type ShownInvitation } from './actions';
import { AddOperatorForm, InvitationLink } from './add-operator-form';

export type TeamMemberRow = {
  id: number;
  email: string;
  role: OperatorRole;
  since: string;
  state: { kind: 'active' | 'activeNoFactor' | 'disabled' | 'invitationExpired' } | { kind: 'invited'; until: string };
};

const BUTTON = 'inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const SECONDARY = `${BUTTON} border border-slate-400 text-slate-900 hover:bg-slate-100`;
const DANGER = `${BUTTON} bg-red-700 text-white hover:bg-red-800`;
const CELL = 'px-3 py-2 align-top break-words';
const KNOWN_ERRORS = ['invalid_email', 'email_taken', 'last_admin', 'own_account', 'not_found'] as const;

/** The "Équipe" view: the operators with their role and state, a role changed, one disabled, a new one added. */
export function TeamView({ members, selfId }: { members: TeamMemberRow[]; selfId: number }) {
  const t = useTranslations('AdminConsole.team');
  const { handleFailure } = useConsole();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [link, setLink] = useState<ShownInvitation | null>(null);

  const errorText = (error: unknown) => {
    const code = error instanceof ApiError ? KNOWN_ERRORS.find((known) => known === error.code) : undefined;
    return code ? t(`errors.${code}`) : t('errors.failed');
  };
  const run = (work: () => Promise<string | void>) =>
    startTransition(async () => {
      try {
        const done = await work();
        if (done) toast({ title: done });
        router.refresh();
      } catch (error) {
        handleFailure(error, errorText(error));
      }
    });

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-ocean-900">{t('title')}</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">{t('intro')}</p>
      </div>
      <section aria-labelledby="team-list" className="space-y-2">
        <h3 id="team-list" className="font-semibold text-slate-900">
          {t('listTitle')} <span className="font-normal text-slate-700">({t('count', { count: members.length })})</span>
        </h3>
        <div role="region" aria-labelledby="team-list" tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-100 text-slate-900">
              <tr>
                {(['email', 'role', 'state', 'since', 'actions'] as const).map((column) => (
                  <th key={column} scope="col" className={`${CELL} font-semibold`}>
                    {t(column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id} data-testid="team-member" data-email={member.email} className="border-t border-slate-200">
                  <td className={CELL}>
                    {member.email} {member.id === selfId && <span className="text-slate-700">{t('you')}</span>}
                  </td>
                  <td className={CELL}>
                    {member.state.kind === 'disabled' ? (
                      t(`roles.${member.role}`)
                    ) : (
                      <form
                        className="flex flex-wrap items-center gap-2"
                        onSubmit={(event) => {
                          event.preventDefault();
                          const role = new FormData(event.currentTarget).get('role');
                          run(async () => {
                            await unwrap(changeRole(member.id, role));
                            return t('roleChanged', { email: member.email, role: t(`roles.${role as OperatorRole}`) });
                          });
                        }}
                      >
                        <select
                          name="role"
                          defaultValue={member.role}
                          aria-label={t('changeRole', { email: member.email })}
                          className="min-h-10 rounded-lg border border-slate-400 bg-white px-2"
                        >
                          {OPERATOR_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {t(`roles.${role}`)}
                            </option>
                          ))}
                        </select>
                        <button type="submit" disabled={pending} className={SECONDARY}>
                          {t('saveRole')}
                        </button>
                      </form>
                    )}
                  </td>
                  <td className={CELL} data-testid="team-state">
                    {member.state.kind === 'invited' ? t('invited', { date: member.state.until }) : t(member.state.kind)}
                  </td>
                  <td className={CELL}>{member.since}</td>
                  <td className={CELL}>
                    <div className="flex flex-wrap gap-2">
                      {(member.state.kind === 'invited' || member.state.kind === 'invitationExpired') && (
                        <button
                          type="button"
                          disabled={pending}
                          className={SECONDARY}
                          onClick={() =>
                            run(async () => {
                              setLink(await unwrap(renewLink(member.id)));
                              return t('linkRenewed', { email: member.email });
                            })
                          }
                        >
                          {t('newLink', { email: member.email })}
                        </button>
                      )}
                      {member.state.kind !== 'disabled' && member.id !== selfId && (
                        <button type="button" disabled={pending || confirming !== null} className={DANGER} onClick={() => setConfirming(member.id)}>
                          {t('disable', { email: member.email })}
                        </button>
                      )}
                    </div>
                    {confirming === member.id && (
                      <div
                        role="group"
                        aria-label={t('disableConfirm', { email: member.email })}
                        className="mt-2 rounded-lg border border-red-700 bg-red-50 p-3"
                      >
                        <p className="font-semibold text-red-900">{t('disableConfirm', { email: member.email })}</p>
                        <div className="mt-2 flex flex-wrap gap-2">
                          <button
                            type="button"
                            disabled={pending}
                            className={DANGER}
                            onClick={() =>
                              run(async () => {
                                setConfirming(null);
                                const { sessions } = await unwrap(disableOperator(member.id));
                                return t('disabledDone', { email: member.email, count: sessions });
                              })
                            }
                          >
                            {t('confirmDisable')}
                          </button>
                          <button type="button" className={SECONDARY} onClick={() => setConfirming(null)}>
                            {t('cancel')}
                          </button>
                        </div>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {link && <InvitationLink invitation={link} />}
      <AddOperatorForm onAdded={(invitation) => setLink(invitation)} errorText={errorText} />
    </div>
  );
}
