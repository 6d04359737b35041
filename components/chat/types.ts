import type { Locale } from '@/lib/i18n/routing';
import type { ChatStore } from './chat-store';

/** Every text of the widget, translated on the server and passed down as plain strings. */
export interface ChatLabels {
  title: string;
  open: string;
  close: string;
  emptyTitle: string;
  /** Said when a conversation starts: from now on the adviser sees the pages opened (the trail). */
  trailNotice: string;
  sessionId: string;
  placeholder: string;
  messageLabel: string;
  send: string;
  initializing: string;
  noSession: string;
  sendFailed: string;
  rateLimited: string;
  errorTitle: string;
  unreadOne: string;
  unreadOther: string;
  you: string;
  operator: string;
  reconnecting: string;
  streamClosed: string;
  conversationFull: string;
  olderMessages: string;
  messagesLabel: string;
  deleteConversation: string;
  deleteConfirm: string;
  deleteConfirmYes: string;
  deleteCancel: string;
  deleted: string;
  deleteFailed: string;
  onlineNow: string;
  backToday: string;
  backTomorrow: string;
  backOn: string;
  /** Added to a "back on" line when that day may be an unlisted public holiday. */
  holidayCaveat: string;
  away: string;
  pending: string;
  retryAt: string;
  bookCall: string;
  operatorTyping: string;
  readReceipt: string;
  emailOffer: string;
  emailLabel: string;
  emailConsent: string;
  emailPrivacy: string;
  emailSave: string;
  emailDismiss: string;
  /** Template: `{email}`. */
  emailSaved: string;
  emailChange: string;
  emailRemove: string;
  emailRemoved: string;
  emailInvalid: string;
  emailFailed: string;
  emailRateLimited: string;
  linkExpired: string;
}

export interface ChatPanelProps {
  locale: Locale;
  /** Loaded by the launcher and handed down, so the store's code is fetched in one chunk only. */
  store: ChatStore;
  labels: ChatLabels;
  onClose: () => void;
  /** Opened by a reply mail's link: on the delete confirmation ('erase'), or saying the link is dead ('expired'). */
  mailLink?: 'resume' | 'erase' | 'expired';
}
