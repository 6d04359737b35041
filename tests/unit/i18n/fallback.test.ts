import { describe, expect, it } from 'vitest';
import { messageFallback, messagesFor, pick, withFallback } from '@/lib/i18n/messages';

describe('message lookup', () => {
  it('falls back to French for a key missing in a translation', () => {
    const merged = withFallback({ Nav: { home: 'Home' } }, { Nav: { home: 'Accueil', blog: 'Blog' }, Footer: { privacy: 'Confidentialité' } });
    expect(merged).toEqual({ Nav: { home: 'Home', blog: 'Blog' }, Footer: { privacy: 'Confidentialité' } });
  });

  it('loads the page language and keeps French untouched', () => {
    expect(messagesFor('de').NotFound.text).toBe('Seite nicht gefunden');
    expect(messagesFor('fr').NotFound.text).toBe('Page non trouvée');
  });

  it('picks only the namespaces a client component needs', () => {
    const messages = messagesFor('en');
    expect(Object.keys(pick(messages, ['Nav', 'NotFound']))).toEqual(['Nav', 'NotFound']);
  });
});

describe('a key missing everywhere', () => {
  it('renders as the key itself', async () => {
    const { createTranslator } = await import('next-intl');
    const t = createTranslator({
      locale: 'en',
      messages: messagesFor('en'),
      getMessageFallback: messageFallback,
      onError: () => undefined,
    });
    expect(t('Nav.home' as never)).toBe('Home');
    expect(t('Nav.doesNotExist' as never)).toBe('Nav.doesNotExist');
  });
});
