import { render, screen, within } from '@testing-library/react';
import { DEFAULT_SUPPORT_EMAIL } from '@brandloom/contracts';
import { mockApi } from '../../../test/utils';
import { loadLegalTexts } from '../texts';
import MetaDeletionPage from './MetaDeletionPage';

// The page's text is a module per language, loaded before the page renders (as pre-rendering and hydration do).
beforeAll(() => loadLegalTexts('en-US'));

// The page reads the confirmation code from the address bar, as it does after hydration.
function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  render(<MetaDeletionPage />);
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  document.head.querySelectorAll('meta[name="brandloom:support-email"]').forEach((m) => m.remove());
});

describe('/meta-deletion with a confirmation code', () => {
  it("shows the request's status", async () => {
    mockApi({
      'GET /api/meta/data-deletion/ABC123DEF4567890': {
        body: { confirmation_code: 'ABC123DEF4567890', status: 'completed', requested_at: '2026-11-20T10:00:00.000Z', completed_at: '2026-11-20T10:00:01.000Z' },
      },
    });
    renderAt('/meta-deletion?code=ABC123DEF4567890');
    expect(await screen.findByRole('heading', { name: 'Deletion request ABC123DEF4567890' })).toBeInTheDocument();
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.getByText(/push history of this Meta user were deleted/)).toBeInTheDocument();
  });

  it('says when no request has that code, and shows no status card without a code', async () => {
    mockApi({ 'GET /api/meta/data-deletion/NOPE00000000': { status: 404, body: { statusCode: 404, message: 'Deletion request not found', error: 'Not Found' } } });
    renderAt('/meta-deletion?code=NOPE00000000');
    expect(await screen.findByText('No deletion request has this confirmation code.')).toBeInTheDocument();
  });
});

describe('/meta-deletion', () => {
  it('shows the five cards, the support address from the page and the email to send', () => {
    const meta = document.createElement('meta');
    meta.name = 'brandloom:support-email';
    meta.content = 'privacy@example.com';
    document.head.append(meta);
    renderAt('/meta-deletion');
    expect(screen.getByRole('heading', { level: 1, name: 'Meta Data Deletion Request' })).toBeInTheDocument();
    for (const title of ['1. Disconnect the integration', '2. Contact support', '3. Required information', '4. Processing time', '5. Before you ask'])
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Deletion request/ })).not.toBeInTheDocument();

    const send = screen.getByRole('link', { name: 'Send Email Now' });
    const mailto = new URL(send.getAttribute('href')!);
    expect(mailto.protocol).toBe('mailto:');
    expect(mailto.pathname).toBe('privacy@example.com');
    expect(mailto.searchParams.get('subject')).toBe('Meta Data Deletion Request');
    const body = mailto.searchParams.get('body')!;
    expect(body).toContain('Account email: [your account email]');
    expect(body).toContain('Meta user ID (if known): [your Meta user ID]');
    expect(body).toContain('Date I connected Meta: [connection date]');
    expect(body).toMatch(/I confirm that I want all Meta ad platform data related to my account deleted\.\n\nThank you$/);

    const information = screen.getByRole('region', { name: '3. Required information' });
    expect(within(information).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'the email address of your Brandloom account',
      'your Meta user ID, if you know it',
      'the date you connected your Meta account',
      'your confirmation that all related data should be deleted',
    ]);
    expect(screen.getByRole('region', { name: '4. Processing time' })).toHaveTextContent('within 24 hours');
    expect(screen.getByRole('region', { name: '5. Before you ask' })).toHaveTextContent(/cannot be undone.*GDPR/);
    const help = screen.getByText(/Need help\? Contact us at/);
    expect(within(help).getByRole('link', { name: 'privacy@example.com' })).toHaveAttribute('href', 'mailto:privacy@example.com');
  });

  it('falls back to the default support address when the page names none', () => {
    renderAt('/meta-deletion');
    expect(screen.getAllByRole('link', { name: DEFAULT_SUPPORT_EMAIL }).length).toBeGreaterThan(0);
  });
});
