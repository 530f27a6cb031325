// The product in the user's language on the server side: the account mails are written in their
// recipient's stored language (an invitation in its sender's), and the pre-rendered public pages
// answer per language, with `/` sending a first visit to the home page of its Accept-Language.
import { APP_URL_PLACEHOLDER } from '@brandloom/contracts';
import { MailDirectory } from '@brandloom/core/testing';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

describe('mails in the recipient’s language (development mail driver)', () => {
  let t: TestApp;
  let mail: MailDirectory;

  beforeAll(async () => {
    mail = await MailDirectory.create();
    t = await createTestApp({ REDIS_URL: undefined, MAIL_DIR: mail.dir, SMTP_URL: undefined, OUTBOX_POLL_MS: '50' });
  });
  afterAll(async () => {
    await t?.close();
    await mail.remove();
  });

  it('writes a reset mail in French to a user who chose French, in English to the others', async () => {
    const french = await signUp(t, { email: email('fr') });
    await french.agent.patch('/api/users/me/preferences').send({ language: 'fr' }).expect(200);
    const english = await signUp(t, { email: email('en') });

    await agentFor(t).post('/api/auth/forgot-password').send({ email: french.user.email }).expect(202);
    await agentFor(t).post('/api/auth/forgot-password').send({ email: english.user.email }).expect(202);

    const inFrench = await mail.waitFor(french.user.email);
    expect(inFrench.subject).toBe('Réinitialisez votre mot de passe Brandloom');
    expect(inFrench.text).toContain('mot de passe');
    expect(inFrench.html).toContain('<html lang="fr">');
    expect(inFrench.html).toContain('Choisir un nouveau mot de passe');
    const inEnglish = await mail.waitFor(english.user.email);
    expect(inEnglish.subject).toBe('Reset your Brandloom password');
  });

  it('writes an invitation in the inviter’s language', async () => {
    const inviter = await signUp(t, { email: email('de'), username: 'Greta' });
    await inviter.agent.patch('/api/users/me/preferences').send({ language: 'de' }).expect(200);
    await inviter.agent.patch('/api/organization').send({ name: 'Kaffee GmbH' }).expect(200);
    const guest = email('guest');
    await inviter.agent.post('/api/organization/invitations').set('Accept-Language', 'de').send({ email: guest, role: 'member' }).expect(201);

    const message = await mail.waitFor(guest);
    expect(message.subject).toBe('Einladung zu Kaffee GmbH auf Brandloom');
    expect(message.text).toContain('Greta hat Sie eingeladen, Kaffee GmbH auf Brandloom als Mitglied beizutreten.');
    expect(message.html).toContain('Einladung annehmen');
    expect(message.html).toContain('<html lang="de">');
  });

  it('writes an invitation in the request’s language when the inviter chose none', async () => {
    const inviter = await signUp(t, { email: email('es'), username: 'Lucía' });
    await inviter.agent.patch('/api/organization').send({ name: 'Café Sol' }).expect(200);
    const guest = email('invitado');
    await inviter.agent.post('/api/organization/invitations').set('Accept-Language', 'es-ES,es;q=0.9,en;q=0.5').send({ email: guest, role: 'admin' }).expect(201);
    const message = await mail.waitFor(guest);
    expect(message.subject).toBe('Únete a Café Sol en Brandloom');
    expect(message.text).toContain('Lucía te ha invitado a unirte a Café Sol en Brandloom como administrador.');
  });
});

describe('the public pages per language', () => {
  let t: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'brandloom-languages-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html lang="en"><head><title>Brandloom</title></head><div id="root"></div>');
    const page = (lang: string, title: string) =>
      `<!doctype html><html lang="${lang}"><head><title>${title}</title><link rel="alternate" hreflang="de" href="${APP_URL_PLACEHOLDER}/de/" /></head><div id="root"></div>`;
    mkdirSync(join(staticDir, 'prerendered', 'de'), { recursive: true });
    mkdirSync(join(staticDir, 'prerendered', 'fr'), { recursive: true });
    writeFileSync(join(staticDir, 'prerendered', 'index.html'), page('en', 'Brandloom: on-brand AI marketing images for your whole team'));
    writeFileSync(join(staticDir, 'prerendered', 'de', 'index.html'), page('de', 'Brandloom: markengetreue KI-Marketingbilder für Ihr ganzes Team'));
    writeFileSync(join(staticDir, 'prerendered', 'fr', 'terms.html'), page('fr', 'Conditions d’utilisation | Brandloom'));
    t = await createTestApp({ STATIC_DIR: staticDir, APP_URL: 'https://brandloom.example' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers each language’s path with its page, filled in', async () => {
    const german = await t.http().get('/de/').expect(200);
    expect(german.text).toMatch(/<html[^>]* lang="de">/);
    expect(german.text).toContain('<link rel="alternate" hreflang="de" href="https://brandloom.example/de/" />');
    expect((await t.http().get('/fr/terms').expect(200)).text).toMatch(/<html[^>]* lang="fr">/);
    expect((await t.http().get('/de').expect(301)).headers.location).toBe('/de/');
  });

  it('sends a first visit of / to the home page of its Accept-Language, on the same origin', async () => {
    const res = await t.http().get('/').set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.5').expect(302);
    expect(res.headers.location).toBe('/de/');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect((await t.http().get('/').set('Accept-Language', 'en-US,en;q=0.9,de;q=0.5').expect(200)).text).toMatch(/<html[^>]* lang="en">/);
    expect((await t.http().get('/').set('Accept-Language', 'it-IT').expect(200)).text).toMatch(/<html[^>]* lang="en">/);
    expect((await t.http().get('/').expect(200)).text).toMatch(/<html[^>]* lang="en">/);
    // The pages' language menu links to `/?lang=en`: the visitor's choice stands.
    expect((await t.http().get('/?lang=en').set('Accept-Language', 'de').expect(200)).text).toMatch(/<html[^>]* lang="en">/);
  });
});
