import { cleanup, render, screen, within } from '@testing-library/react';
import enUS from '../../../locales/en-US';
import { loadMessages } from '../../../lib/i18n/messages';
import { switchLanguage } from '../../../lib/i18n/translate';
import { anonymous, mockApi } from '../../../test/utils';
import LandingPage from './LandingPage';

afterEach(() => {
  cleanup();
  return switchLanguage('en-US');
});

// Every English sentence of the landing page (its catalogue entries), none of which may show in another language.
const englishLanding = Object.entries(enUS)
  .filter(([key]) => key.startsWith('landing.'))
  .map(([, text]) => text)
  .filter((text) => !text.includes('{') && text.split(' ').length >= 3);

describe.each([
  ['es', 'Imágenes de marketing fieles a tu marca, generadas en segundos', 'Iniciar sesión', '/es/signin', 'La beta termina en 7 días'],
  ['fr', 'Des visuels marketing fidèles à votre marque, générés en quelques secondes', 'Se connecter', '/fr/signin', 'La bêta se termine dans 7 jours'],
  ['de', 'Markengetreue Marketingbilder, in Sekunden erstellt', 'Anmelden', '/de/signin', 'Die Beta endet in 7 Tagen'],
] as const)('the landing page in %s', (language, title, signIn, signInHref, betaEnds) => {
  it('reads in the language from the header to the footer, its links to the pages in that language', async () => {
    await switchLanguage(language);
    const messages = await loadMessages(language);
    mockApi({ 'GET /api/auth/user': anonymous });
    render(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(betaEnds)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: messages['landing.nav.main'] });
    expect(within(nav).getByRole('link', { name: signIn })).toHaveAttribute('href', signInHref);
    expect(screen.getByRole('heading', { level: 2, name: messages['landing.pricing.title'] })).toBeInTheDocument();
    const body = document.body.textContent!;
    const leftovers = englishLanding.filter((text) => body.includes(text));
    expect(leftovers).toEqual([]);
    for (const text of ['Most popular', 'Get started', 'credits per month', 'Buy credits', 'Brand Brain extraction', 'All rights reserved']) expect(body).not.toContain(text);
  });
});
