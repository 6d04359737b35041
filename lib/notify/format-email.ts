import { AGENCY_TIME_ZONE } from '@/lib/time/mauritius';
import { VIEW_HREF, conversationHref, dossierHref, requestHref } from '@/lib/console-app/views';
import { SUBJECT_PREVIEW_LENGTH } from './constants';
import type {
  BackupAlertEvent,
  ChatMessageEvent,
  DataExportEvent,
  DigestEvent,
  DossierFlaggedEvent,
  FactorAlertEvent,
  FactorChangedEvent,
  LeadEvent,
  LoginAlertEvent,
  NotifyEvent,
} from './events';

export type EmailContent = { subject: string; text: string; html: string };
type Field = { label: string; value: string };
type Layout = { subject: string; intro: string; fields: Field[]; body: Field };

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: AGENCY_TIME_ZONE,
});

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A header-safe, single-line excerpt of visitor text. */
function preview(value: string): string {
  const line = value.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return line.length > SUBJECT_PREVIEW_LENGTH ? `${line.slice(0, SUBJECT_PREVIEW_LENGTH - 1)}…` : line;
}

function formatDate(value: Date | string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : `${dateFormat.format(date)} (heure de Maurice)`;
}

function chatLayout(event: ChatMessageEvent): Layout {
  const { session, message, firstOfConversation } = event;
  const title = firstOfConversation ? 'Nouvelle conversation' : 'Nouveau message de chat';
  return {
    subject: `${title} : « ${preview(message.content)} »`,
    intro: firstOfConversation
      ? 'Un visiteur vient de commencer une conversation sur le chat du site.'
      : 'Un visiteur a écrit sur le chat du site et aucun opérateur n’a la console ouverte.',
    fields: [
      { label: 'Session', value: session.id },
      { label: 'Langue', value: session.locale },
      { label: 'Page d’arrivée', value: session.startPage },
      { label: 'Reçu le', value: formatDate(message.createdAt) },
    ],
    body: { label: 'Message', value: message.content },
  };
}

function leadLayout({ lead }: LeadEvent): Layout {
  const fields = [
    { label: 'Nom', value: lead.name },
    { label: 'E-mail', value: lead.email },
    ...(lead.phone ? [{ label: 'Téléphone', value: lead.phone }] : []),
    { label: 'Origine', value: lead.source },
    ...(lead.locale ? [{ label: 'Langue', value: lead.locale }] : []),
  ];
  return {
    subject: `Nouvelle demande de contact : ${preview(lead.name)}`,
    intro: 'Une nouvelle demande de contact est arrivée par le site.',
    fields,
    body: { label: 'Message', value: lead.message },
  };
}

function loginAlertLayout({ alert }: LoginAlertEvent): Layout {
  return {
    subject: `Alerte : connexions refusées pour ${preview(alert.email)}`,
    intro: alert.locked
      ? `${alert.failures} tentatives de connexion ont échoué en moins de ${alert.windowMinutes} minutes pour ce compte opérateur : les navigateurs inconnus attendent ${alert.windowMinutes} minutes. Les appareils où vous vous êtes déjà connecté restent acceptés.`
      : `${alert.failures} tentatives de connexion ont échoué en moins de ${alert.windowMinutes} minutes pour ce compte opérateur. Le bon mot de passe et le second facteur restent acceptés.`,
    fields: [
      { label: 'Compte', value: alert.email },
      { label: 'Échecs', value: String(alert.failures) },
    ],
    body: { label: 'Que faire', value: "Si ce n'est pas vous, changez le mot de passe de ce compte ou désactivez-le." },
  };
}

const END_OTHERS =
  'Si ce n’est pas vous : ouvrez la page Sécurité de la console (lien ci-dessous), terminez toutes les autres sessions et changez votre mot de passe.';

function factorAlertLayout({ alert }: FactorAlertEvent): Layout {
  return {
    subject: `Alerte : second facteur suspendu pour ${preview(alert.email)}`,
    intro: `${alert.failures} codes de vérification incorrects ont été saisis en moins de ${alert.windowMinutes} minutes pour ce compte opérateur, après le bon mot de passe : la vérification en deux étapes est suspendue pendant ${alert.windowMinutes} minutes au plus, même avec le bon code. Quelqu’un connaît probablement le mot de passe.`,
    fields: [
      { label: 'Compte', value: alert.email },
      { label: 'Codes refusés', value: String(alert.failures) },
    ],
    body: {
      label: 'Que faire',
      value: `${END_OTHERS} Si vous ne pouvez plus vous connecter, un autre opérateur peut désactiver le compte (npm run operator:disable).`,
    },
  };
}

const FACTOR_CHANGES: Record<FactorChangedEvent['changed']['change'], string> = {
  totp_enabled: 'une application d’authentification a été activée',
  passkey_added: 'une clé d’accès a été ajoutée',
  passkey_removed: 'une clé d’accès a été supprimée',
  recovery_codes_renewed: 'de nouveaux codes de secours ont été générés (les précédents ne fonctionnent plus)',
  password_changed: 'le mot de passe a été changé (les autres sessions ont été terminées)',
};

function factorChangedLayout({ changed }: FactorChangedEvent): Layout {
  return {
    subject: `Sécurité de votre compte : ${FACTOR_CHANGES[changed.change].split(' (')[0]}`,
    intro: `Sur votre compte opérateur ${changed.email}, ${FACTOR_CHANGES[changed.change]}.`,
    fields: [
      { label: 'Compte', value: changed.email },
      { label: 'Quand', value: formatDate(changed.at) },
      ...(changed.address ? [{ label: 'Depuis l’adresse', value: changed.address }] : []),
    ],
    body: { label: 'Que faire', value: `Si c’était vous, rien. ${END_OTHERS}` },
  };
}

const KIND_NAMES: Record<string, string> = { chat_message: 'messages de chat', lead: 'demandes' };

function digestLayout({ digest }: DigestEvent): Layout {
  const parts = Object.entries(digest.byKind).map(([kind, count]) => `${count} ${KIND_NAMES[kind] ?? kind}`);
  return {
    subject: `Résumé : ${digest.suppressed} notifications retenues`,
    intro: `Plus de notifications que le budget horaire en ${digest.windowMinutes} minutes : les suivantes n'ont pas été envoyées une à une.`,
    fields: [{ label: 'Retenues', value: parts.join(', ') }],
    body: { label: 'Que faire', value: 'Tout est enregistré : ouvrez la console pour voir les conversations et les demandes.' },
  };
}

const EXPORT_NAMES = { people_csv: 'la liste des personnes (CSV)', person_data: 'les données d’une personne' } as const;
const COUNT_NAMES: Record<string, string> = { rows: 'Lignes', people: 'Personnes', requests: 'Demandes', conversations: 'Conversations' };

/** Who exported what and when: ids and counts, never a client's name, address or words. */
function dataExportLayout({ exported }: DataExportEvent): Layout {
  return {
    subject: `Export : ${preview(exported.operatorEmail)} a exporté ${EXPORT_NAMES[exported.kind]}`,
    intro: `${exported.operatorEmail} a exporté ${EXPORT_NAMES[exported.kind]} depuis la console.`,
    fields: [
      { label: 'Opérateur', value: exported.operatorEmail },
      { label: 'Quand', value: formatDate(exported.at) },
      ...(exported.target ? [{ label: 'Concerne', value: exported.target }] : []),
      ...Object.entries(exported.counts).map(([name, count]) => ({ label: COUNT_NAMES[name] ?? name, value: String(count) })),
    ],
    body: { label: 'Que faire', value: "Si cet export n'était pas attendu, voyez le journal de la console et parlez-en à cet opérateur." },
  };
}

export const BACKUP_PROBLEMS: Record<BackupAlertEvent['alert']['problem'], string> = {
  backup_failed: 'La sauvegarde a échoué',
  verify_failed: 'La restauration de contrôle a échoué',
  backup_missing: 'Aucune sauvegarde depuis plus de 26 heures',
};

function backupAlertLayout({ alert }: BackupAlertEvent): Layout {
  return {
    subject: `Alerte : ${BACKUP_PROBLEMS[alert.problem].toLowerCase()}`,
    intro: `${BACKUP_PROBLEMS[alert.problem]}. Le site continue de fonctionner, mais les données ne sont plus protégées tant qu'une sauvegarde ne réussit pas.`,
    fields: [{ label: 'Constaté le', value: formatDate(alert.at) }],
    body: { label: 'Détail', value: alert.detail },
  };
}

function dossierFlaggedLayout({ alert }: DossierFlaggedEvent): Layout {
  return {
    subject: `Alerte : un document refusé par l'antivirus (dossier n° ${alert.dossierId})`,
    intro: "L'antivirus a refusé un fichier envoyé au dossier d'un client. Le fichier n'a pas été enregistré ; le client a été invité à en envoyer un autre.",
    fields: [
      { label: 'Dossier', value: `n° ${alert.dossierId}` },
      { label: 'Constaté le', value: formatDate(alert.at) },
    ],
    body: { label: 'Signature', value: alert.signature || 'inconnue' },
  };
}

const LAYOUTS = {
  chat_message: chatLayout,
  lead: leadLayout,
  login_alert: loginAlertLayout,
  digest: digestLayout,
  data_export: dataExportLayout,
  backup_alert: backupAlertLayout,
  dossier_flagged: dossierFlaggedLayout,
  factor_alert: factorAlertLayout,
  factor_changed: factorChangedLayout,
} as const;

function renderText(layout: Layout, link: string): string {
  const fields = layout.fields.map(({ label, value }) => `${label} : ${value}`);
  return [layout.intro, '', ...fields, '', `${layout.body.label} :`, layout.body.value, '', `Console : ${link}`, ''].join('\n');
}

function renderHtml(layout: Layout, link: string): string {
  const rows = layout.fields.map(({ label, value }) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
  const body = escapeHtml(layout.body.value).replace(/\r?\n/g, '<br>');
  return [
    '<!doctype html><html lang="fr"><body>',
    `<p>${escapeHtml(layout.intro)}</p>`,
    `<table>${rows}</table>`,
    `<p><strong>${escapeHtml(layout.body.label)} :</strong></p>`,
    `<blockquote style="white-space:pre-wrap">${body}</blockquote>`,
    `<p><a href="${escapeHtml(link)}">Ouvrir la console</a></p>`,
    '</body></html>',
  ].join('\n');
}

/** The console's address of what the e-mail is about: the conversation, the request, else the console. */
function consolePath(event: NotifyEvent): string {
  if (event.kind === 'chat_message') return conversationHref(event.session.id);
  if (event.kind === 'lead' && /^\d+$/.test(String(event.lead.id))) return requestHref(Number(event.lead.id));
  if (event.kind === 'dossier_flagged') return dossierHref(event.alert.dossierId);
  if (event.kind === 'factor_alert' || event.kind === 'factor_changed') return VIEW_HREF.security;
  if (event.kind === 'data_export') return `${VIEW_HREF.audit}?action=${event.exported.kind === 'people_csv' ? 'people_csv_exported' : 'person_data_exported'}`;
  return VIEW_HREF.conversations;
}

/** French operator e-mail: plain text plus minimal HTML in which every user value is escaped. */
export function formatEmail(event: NotifyEvent, { siteUrl }: { siteUrl: string }): EmailContent {
  const layout = (LAYOUTS[event.kind] as (event: NotifyEvent) => Layout)(event);
  const link = `${siteUrl}${consolePath(event)}`;
  return { subject: layout.subject, text: renderText(layout, link), html: renderHtml(layout, link) };
}
