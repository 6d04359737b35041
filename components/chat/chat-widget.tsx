import { MessageCircle, X } from '@/components/ui/icons';
import compile from 'icu-minify/compile';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { config } from '@/lib/config';
import type { Locale } from '@/lib/i18n/routing';
import { ChatLauncher } from './chat-launcher';
import { EARLY_LAUNCHER_SCRIPT } from './constants';
import { TrailRecorder } from './trail-recorder';
import type { ChatLabels } from './types';

/** Translates the widget on the server; the client launcher receives plain strings. */
export async function ChatWidget({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'ChatWidget' });
  // Filled in the browser, where the id, the count or the time is known. The compiled plural
  // options have a null prototype, which React refuses to pass to a client component: cloned plain.
  const template = (key: 'sessionId' | 'unread' | 'backToday' | 'backTomorrow' | 'backOn' | 'retryAt' | 'emailSaved') =>
    structuredClone(compile(t.raw(key) as string));
  const labels: ChatLabels = {
    title: t('title'),
    open: t('open'),
    close: t('close'),
    emptyTitle: t('emptyTitle'),
    trailNotice: t('trailNotice'),
    sessionId: template('sessionId'),
    unread: template('unread'),
    placeholder: t('placeholder'),
    messageLabel: t('messageLabel'),
    send: t('send'),
    initializing: t('initializing'),
    noSession: t('noSession'),
    sendFailed: t('sendFailed'),
    rateLimited: t('rateLimited'),
    errorTitle: t('errorTitle'),
    you: t('you'),
    operator: t('operator'),
    reconnecting: t('reconnecting'),
    streamClosed: t('streamClosed'),
    busy: t('busy'),
    conversationFull: t('conversationFull'),
    olderMessages: t('olderMessages'),
    messagesLabel: t('messagesLabel'),
    deleteConversation: t('deleteConversation'),
    deleteConfirm: t('deleteConfirm'),
    deleteConfirmYes: t('deleteConfirmYes'),
    deleteCancel: t('deleteCancel'),
    deleted: t('deleted'),
    deleteFailed: t('deleteFailed'),
    onlineNow: t('onlineNow'),
    backToday: template('backToday'),
    backTomorrow: template('backTomorrow'),
    backOn: template('backOn'),
    holidayCaveat: t('holidayCaveat'),
    away: t('away'),
    pending: t('pending'),
    retryAt: template('retryAt'),
    bookCall: t('bookCall'),
    operatorTyping: t('operatorTyping'),
    readReceipt: t('readReceipt'),
    emailOffer: t('emailOffer'),
    emailLabel: t('emailLabel'),
    emailConsent: t('emailConsent', { days: config.retention.chatDays }),
    emailPrivacy: t('emailPrivacy'),
    emailSave: t('emailSave'),
    emailDismiss: t('emailDismiss'),
    emailSaved: template('emailSaved'),
    emailChange: t('emailChange'),
    emailRemove: t('emailRemove'),
    emailRemoved: t('emailRemoved'),
    emailInvalid: t('emailInvalid'),
    emailFailed: t('emailFailed'),
    emailRateLimited: t('emailRateLimited'),
    linkExpired: t('linkExpired'),
    newLink: t('newLink'),
    newLinkSent: t('newLinkSent'),
    newLinkFailed: t('newLinkFailed'),
  };
  const icons = { open: <MessageCircle aria-hidden="true" className="size-6" />, close: <X aria-hidden="true" className="size-6" /> };
  return (
    <>
      <ChatLauncher locale={locale} labels={labels} icons={icons} />
      {/* Notes a tap before the scripts have run (they come after the first paint). */}
      <script dangerouslySetInnerHTML={{ __html: EARLY_LAUNCHER_SCRIPT }} />
      {/* Reads the address's query, which a static page only knows in the browser: rendered there alone. */}
      <Suspense fallback={null}>
        <TrailRecorder />
      </Suspense>
    </>
  );
}
