import { useEffect, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { useKnownUser } from '../lib/auth';
import { useLocale } from '../lib/i18n/format';
import { browserLanguage, intlFor, switchLanguage } from '../lib/i18n/translate';
import { usePreferences } from '../lib/preferences';
import { mayHaveSession } from '../lib/sessionHint';

/**
 * The app's language: a signed-in user's stored preference (changing it in Settings changes the
 * screens at once), the browser's language for a visitor. Until a signed-in user's preferences
 * arrive, the screens keep the language they have.
 */
export function LanguageSync() {
  const user = useKnownUser();
  const preferences = usePreferences();
  const preferred = preferences.data?.language;
  // A visitor: the server said so, or this browser has no session to find (no one asks for the user
  // on /forgot-password and the like).
  const anonymous = user === null || (user === undefined && !mayHaveSession());

  useEffect(() => {
    if (preferred) void switchLanguage(preferred);
    else if (anonymous) void switchLanguage(browserLanguage());
  }, [preferred, anonymous]);
  return null;
}

/** react-intl's context in the active language, for components that use its own API. */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  return <RawIntlProvider value={intlFor(locale)}>{children}</RawIntlProvider>;
}
