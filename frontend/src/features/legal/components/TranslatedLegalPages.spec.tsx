import { cleanup, render, screen } from '@testing-library/react';
import { switchLanguage } from '../../../lib/i18n/translate';
import { loadLegalTexts } from '../texts';
import MetaDeletionPage from './MetaDeletionPage';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';

afterEach(() => {
  cleanup();
  return switchLanguage('en-US');
});

// Each language's legal text, with a sentence at its top saying the English version prevails.
describe.each([
  ['es', 'Condiciones del servicio', 'Política de privacidad', 'Solicitud de eliminación de datos de Meta', /prevalece la versión en inglés/, 'Índice'],
  ['fr', 'Conditions d’utilisation', 'Politique de confidentialité', 'Demande de suppression des données Meta', /la version anglaise prévaut/, 'Sommaire'],
  ['de', 'Nutzungsbedingungen', 'Datenschutzerklärung', 'Antrag auf Löschung von Meta-Daten', /englische Fassung maßgeblich/, 'Inhalt'],
] as const)('the legal pages in %s', (language, terms, privacy, metaDeletion, prevails, contents) => {
  beforeEach(async () => {
    await switchLanguage(language);
    await loadLegalTexts(language);
  });

  it('terms: the translated document, its date in the language, the English version prevailing', () => {
    render(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: terms })).toBeInTheDocument();
    expect(screen.getByTestId('legal-prevails')).toHaveTextContent(prevails);
    expect(screen.getByRole('heading', { level: 2, name: contents })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(14);
    expect(screen.queryByText(/Eligibility and US-only use|Last updated/)).not.toBeInTheDocument();
    expect(document.querySelector('time')!.textContent).not.toBe('November 24, 2026');
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent(/Terms of Service|Privacy Policy|Data deletion/);
  });

  it('privacy: the translated document with the same sections', () => {
    render(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: privacy })).toBeInTheDocument();
    expect(screen.getByTestId('legal-prevails')).toHaveTextContent(prevails);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    expect(screen.queryByText(/Data we collect|Processors we share data with/)).not.toBeInTheDocument();
  });

  it('meta-deletion: the steps and the e-mail to send in the language', () => {
    window.history.replaceState(null, '', '/meta-deletion');
    render(<MetaDeletionPage />);
    expect(screen.getByRole('heading', { level: 1, name: metaDeletion })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
    expect(screen.queryByText(/Disconnect the integration|Send Email Now/)).not.toBeInTheDocument();
    const mailto = new URL(document.querySelector<HTMLAnchorElement>('a[href^="mailto:"][class*="MuiButton"]')!.href);
    expect(mailto.searchParams.get('subject')).toBe(metaDeletion);
  });
});

it('the English pages say nothing about a prevailing version', async () => {
  await loadLegalTexts('en-US');
  render(<TermsPage />);
  expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
  expect(screen.getByText('November 24, 2026')).toBeInTheDocument();
  expect(screen.queryByTestId('legal-prevails')).not.toBeInTheDocument();
});
