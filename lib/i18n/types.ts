// Loads next-intl's declarations so the augmentation below has a module to extend.
import type {} from 'next-intl';
import type { Messages } from './messages';
import type { Locale } from './routing';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
