export { NOTIFY_THROTTLE_MS, WEBHOOK_TIMEOUT_MS } from './constants';
export { getNotifyConfig, readNotifyConfig, readVisitorEmailConfig } from './config';
export type { EmailChannelConfig, NotifyConfig, WebhookChannelConfig } from './config';
export { createNotifyThrottle, shouldNotify } from './decide';
export type { NotifyDecisionInput, NotifyThrottle } from './decide';
export { sendEmail } from './email';
export type { OutgoingEmail } from './email';
export type {
  ChatMessageEvent,
  DataExportEvent,
  FactorAlertEvent,
  FactorChangedEvent,
  LeadEvent,
  LoginAlertEvent,
  NotifyEvent,
  NotifyEventKind,
} from './events';
export { escapeHtml, formatEmail } from './format-email';
export { notifyChatMessage } from './notify-chat';
export type { ChatNotificationInput, ChatNotificationOptions } from './notify-chat';
export { notifyDataExport } from './notify-export';
export { notifyAccountOwner } from './notify-owner';
export { notifyOperator } from './notify-operator';
export type { ChannelOutcome, NotifyOptions, NotifyResult } from './notify-operator';
