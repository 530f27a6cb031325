import type { Language } from '@brandloom/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import englishMessages from 'ra-language-english';
import { switchLanguage } from '../lib/i18n/translate';
import { makeOrganization, makeUser } from '../test/utils';
import { RA_MESSAGES } from './i18n/i18nProvider';
import { renderConsole, stubApi } from './testing';

const admin = makeUser({ id: 'admin-1', is_admin: true, email: 'root@example.com' });
const sam = { id: 'u-2', username: 'Sam', email: 'sam@example.com', avatar_url: null, is_admin: false, created_at: '2026-11-01T00:00:00.000Z', organization_id: 'o-2', organization_name: 'Sam Co' };
const org = { id: 'o-2', name: 'Sam Co', plan_tier: 'Starter', credits: 25, members: 1, created_at: '2026-11-01T00:00:00.000Z' };
const dashboard = { users: 12, organizations: 9, generations: 40, assets: 77, recentActivity: [{ id: 'g1', prompt: 'A poster', created_at: '2026-11-20T10:00:00.000Z', status: 'completed' }] };

/** Every key path of a nested message object ('ra.action.save'). */
function keysOf(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`)));
}

async function openConsole(language: Language, path = '/admin') {
  await act(() => switchLanguage(language));
  stubApi({
    'GET /api/auth/user': () => ({ body: admin }),
    'GET /api/organization': () => ({ body: makeOrganization() }),
    'GET /api/admin/dashboard': () => ({ body: dashboard }),
    'GET /api/admin/users': () => ({ body: [sam], headers: { 'Content-Range': 'users 0-0/1' } }),
    'GET /api/admin/organizations': () => ({ body: [org], headers: { 'Content-Range': 'organizations 0-0/1' } }),
    'GET /api/admin/blog/posts': () => ({
      body: [{ id: 'p1', title: 'Launch notes', slug: 'launch-notes', status: 'draft', author: 'Greta', excerpt: '', content: '<p>x</p>', featured_image: null, meta_description: null, published_at: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z' }],
      headers: { 'Content-Range': 'posts 0-0/1' },
    }),
    'POST /api/admin/organizations/o-2/credits': () => ({ status: 400, body: { statusCode: 400, message: 'No.', error: 'Bad Request', code: 'credits_balance_limit' } }),
  });
  renderConsole(path);
}

describe('the admin console in the chosen language', () => {
  it.each(['de', 'es', 'fr'] as const)('has every react-admin message in %s', (language) => {
    expect(keysOf(RA_MESSAGES[language]).sort()).toEqual(expect.arrayContaining(keysOf(englishMessages).sort()));
  });

  it('shows the dashboard, the users list with react-admin’s own words and the grant dialog in German', async () => {
    const user = userEvent.setup();
    await openConsole('de');
    expect(await screen.findByRole('heading', { name: 'Verwaltung' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin-Konsole' })).toHaveTextContent('Überblick');
    expect(screen.getByText('Bilderstellungen')).toBeInTheDocument();
    const row = (await screen.findByText('sam@example.com')).closest('tr')!;
    expect(within(row).getByRole('switch', { name: 'Administrator: sam@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Beigetreten/ })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('E-Mail, Name suchen')).toBeInTheDocument();
    // react-admin's pagination, from the console's German messages.
    expect(screen.getByText('Zeilen pro Seite:')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Organisationen' }));
    const orgRow = (await screen.findByText('Sam Co')).closest('tr')!;
    await user.click(within(orgRow).getByRole('button', { name: 'Credits gutschreiben' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credits für Sam Co gutschreiben' }));
    await user.type(dialog.getByLabelText('Menge'), '0');
    expect(dialog.getByText('Geben Sie eine ganze Zahl ungleich 0 ein')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Menge'));
    await user.type(dialog.getByLabelText('Menge'), '50');
    await user.type(dialog.getByLabelText('Grund'), 'Partner');
    await user.click(dialog.getByRole('button', { name: 'Gutschreiben' }));
    // The server's refusal, by its code.
    expect(await screen.findByText('Credits konnten nicht gutgeschrieben werden: Damit würde das Credit-Guthaben sein Maximum überschreiten.')).toBeInTheDocument();
  });

  it('says react-admin’s words from ra-language-french and ours in French', async () => {
    await openConsole('fr');
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
    await screen.findByText('sam@example.com');
    expect(screen.getByText(/^Lignes par page\s:$/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activité récente' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Inscription/ })).toBeInTheDocument();
  });

  it('lists the blog posts in Spanish', async () => {
    await openConsole('es', '/admin/blog');
    const row = (await screen.findByText('Launch notes')).closest('tr')!;
    expect(within(row).getByText('Borrador')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Editar Launch notes' })).toHaveTextContent('Editar');
    expect(screen.getByRole('columnheader', { name: /Título/ })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar por título')).toBeInTheDocument();
  });
});
