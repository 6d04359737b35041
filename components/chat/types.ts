import type { Locale } from '@/lib/i18n/routing';
import type { ChatStore } from './chat-store';
import type { ChatTemplate } from './format';

/** Every text of the widget, translated on the server: plain strings, or templates compiled there. */
export interface ChatLabels {
  title: string;
  open: string;
  close: string;
  emptyTitle: string;
  /** Said when a conversation starts: from now on the adviser sees the pages opened (the trail). */
  trailNotice: string;
  sessionId: ChatTemplate;
  placeholder: string;
  messageLabel: string;
  send: string;
  initializing: string;
  noSession: string;
  sendFailed: string;
  rateLimited: string;
  errorTitle: string;
  unread: ChatTemplate;
  you: string;
  operator: string;
  reconnecting: string;
  streamClosed: string;
  /** The server is full: messages wait in the browser until the chat reconnects. */
  busy: string;
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
  backToday: ChatTemplate;
  backTomorrow: ChatTemplate;
  backOn: ChatTemplate;
  /** Added to a "back on" line when that day may be an unlisted public holiday. */
  holidayCaveat: string;
  away: string;
  pending: string;
  retryAt: ChatTemplate;
  bookCall: string;
  operatorTyping: string;
  readReceipt: string;
  emailOffer: string;
  emailLabel: string;
  emailConsent: string;
  emailPrivacy: string;
  emailSave: string;
  emailDismiss: string;
  emailSaved: ChatTemplate;
  emailChange: string;
  emailRemove: string;
  emailRemoved: string;
  emailInvalid: string;
  emailFailed: string;
  emailRateLimited: string;
  linkExpired: string;
  newLink: string;
  newLinkSent: string;
  newLinkFailed: string;
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
