import { act, screen, within } from '@testing-library/react';
import { switchLanguage } from '../lib/i18n/translate';
import { anonymous, mockApi, renderScreen } from '../test/utils';
import PublicLayout from './PublicLayout';

const languageLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Idioma' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('the public pages’ footer in the app', () => {
  beforeEach(() => {
    // The layout asks who is signed in; a visitor is nobody.
    mockApi({ 'GET /api/auth/user': anonymous });
    return act(() => switchLanguage('es'));
  });

  it('links a post to that post in each language', async () => {
    renderScreen(<PublicLayout />, { path: '/es/blog/hola', route: '/es/blog/:slug' });
    expect(await languageLinks()).toEqual([
      ['English (US)', '/blog/hola?lang=en'],
      ['Español', '/es/blog/hola'],
      ['Français', '/fr/blog/hola'],
      ['Deutsch', '/de/blog/hola'],
    ]);
  });

  it('links the blog to the blog in each language', async () => {
    renderScreen(<PublicLayout />, { path: '/blog', route: '/blog' });
    expect((await languageLinks()).map(([, href]) => href)).toEqual(['/blog?lang=en', '/es/blog', '/fr/blog', '/de/blog']);
  });

  it('links a page that is not there to the home pages', async () => {
    renderScreen(<PublicLayout />, { path: '/es/no-such-page', route: '*' });
    expect((await languageLinks()).map(([, href]) => href)).toEqual(['/?lang=en', '/es/', '/fr/', '/de/']);
  });
});
