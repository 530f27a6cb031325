import { DEFAULT_PREFERENCES } from '@brandloom/contracts';
import { screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLOR_MODE_STORAGE_KEY, COLOR_SCHEME_ATTRIBUTE } from '../lib/colorMode';
import { mockApi, renderApp, signedInApi } from '../test/utils';

const html = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  html.removeAttribute(COLOR_SCHEME_ATTRIBUTE);
});

describe('colour mode', () => {
  it('/theme-init.js applies the stored mode before the app starts, with the names the app uses', () => {
    const script = readFileSync(join(__dirname, '../../public/theme-init.js'), 'utf8');
    expect(script).toContain(`'${COLOR_MODE_STORAGE_KEY}'`);
    expect(script).toContain(`'${COLOR_SCHEME_ATTRIBUTE}'`);

    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    new Function(script)();
    expect(html.getAttribute(COLOR_SCHEME_ATTRIBUTE)).toBe('dark');

    html.removeAttribute(COLOR_SCHEME_ATTRIBUTE);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'something else');
    new Function(script)();
    expect(html.hasAttribute(COLOR_SCHEME_ATTRIBUTE)).toBe(false);
  });

  it('follows the signed-in user’s stored preference and keeps it for the next load', async () => {
    mockApi({ ...signedInApi(), 'GET /api/users/me/preferences': { body: { ...DEFAULT_PREFERENCES, dark_mode: true } }, 'GET /api/dashboard/summary': () => new Promise(() => {}) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 2 });
    await waitFor(() => expect(html.getAttribute(COLOR_SCHEME_ATTRIBUTE)).toBe('dark'));
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
  });

  it('a browser that stored dark turns light when the server says so', async () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    mockApi({ ...signedInApi(), 'GET /api/dashboard/summary': () => new Promise(() => {}) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard', level: 2 });
    await waitFor(() => expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('light'));
    expect(html.getAttribute(COLOR_SCHEME_ATTRIBUTE)).toBe('light');
  });
});
