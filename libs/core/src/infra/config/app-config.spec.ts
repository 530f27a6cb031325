import { AppConfig, InvalidConfigError, loadConfig } from './app-config';

/** The smallest valid environment: the two variables that have no default. */
const REQUIRED = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/brandloom',
  SESSION_SECRET: 'x'.repeat(32),
};

/** The message loadConfig throws for `env` (fails the test when it does not throw). */
function errorFor(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** The variables an error message names, one per line ("  NAME: reason"). */
const namedIn = (message: string) => [...message.matchAll(/^ {2}([A-Z0-9_]+):/gm)].map((m) => m[1]).sort();

describe('loadConfig', () => {
  it('names every required variable that is missing', () => {
    const message = errorFor({});
    expect(namedIn(message)).toEqual(['DATABASE_URL', 'SESSION_SECRET']);
    expect(message).toContain('DATABASE_URL must be a postgres:// URL');
    expect(message).toContain('SESSION_SECRET must be set');
  });

  it('names only the missing one when the other is present', () => {
    expect(namedIn(errorFor({ DATABASE_URL: REQUIRED.DATABASE_URL }))).toEqual(['SESSION_SECRET']);
    expect(namedIn(errorFor({ SESSION_SECRET: REQUIRED.SESSION_SECRET }))).toEqual(['DATABASE_URL']);
  });

  it('requires the app secret and a 32-byte token key with META_APP_ID, and is not configured without them', () => {
    const message = errorFor({ ...REQUIRED, META_APP_ID: '1234' });
    expect(namedIn(message)).toEqual(['META_APP_SECRET', 'META_TOKEN_KEY']);
    expect(namedIn(errorFor({ ...REQUIRED, META_APP_ID: '1234', META_APP_SECRET: 's', META_TOKEN_KEY: Buffer.alloc(16).toString('base64') }))).toEqual(['META_TOKEN_KEY']);
    const configured = loadConfig({ ...REQUIRED, META_APP_ID: '1234', META_APP_SECRET: 's', META_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(configured.metaConfigured).toBe(true);
    expect(loadConfig(REQUIRED).metaConfigured).toBe(false);
  });

  it('builds the Graph base and the OAuth dialog from META_GRAPH_VERSION (v27.0 unless set); META_GRAPH_URL stays the whole base', () => {
    const defaults = loadConfig(REQUIRED);
    expect(defaults.META_GRAPH_VERSION).toBe('v27.0');
    expect(defaults.metaGraphUrl).toBe('https://graph.facebook.com/v27.0');
    expect(defaults.metaOAuthDialogUrl).toBe('https://www.facebook.com/v27.0/dialog/oauth');
    expect(defaults.metaGraphVersionInUse).toBe('v27.0');

    const older = loadConfig({ ...REQUIRED, META_GRAPH_VERSION: 'v26.0' });
    expect(older.metaGraphUrl).toBe('https://graph.facebook.com/v26.0');
    expect(older.metaOAuthDialogUrl).toBe('https://www.facebook.com/v26.0/dialog/oauth');

    const pointed = loadConfig({ ...REQUIRED, META_GRAPH_VERSION: 'v26.0', META_GRAPH_URL: 'http://127.0.0.1:9/v25.0/', META_OAUTH_DIALOG_URL: 'http://127.0.0.1:9/dialog' });
    expect(pointed.metaGraphUrl).toBe('http://127.0.0.1:9/v25.0');
    expect(pointed.metaGraphVersionInUse).toBe('v25.0');
    expect(pointed.metaOAuthDialogUrl).toBe('http://127.0.0.1:9/dialog');
  });

  it.each(['27', 'v27', 'v27.0.1', 'latest', 'v27.0 '])('refuses META_GRAPH_VERSION=%j with a message naming the form', (value) => {
    const message = errorFor({ ...REQUIRED, META_GRAPH_VERSION: value });
    expect(namedIn(message)).toEqual(['META_GRAPH_VERSION']);
    expect(message).toContain('META_GRAPH_VERSION must be a Graph API version such as v27.0');
  });

  it('rejects a session secret that is too short', () => {
    const message = errorFor({ ...REQUIRED, SESSION_SECRET: 'short' });
    expect(namedIn(message)).toEqual(['SESSION_SECRET']);
    expect(message).toContain('at least 32 characters');
  });

  it('names variables of the wrong type or form, and only those', () => {
    const message = errorFor({ ...REQUIRED, PORT: 'abc', REDIS_URL: 'mysql://127.0.0.1:3306/db' });
    expect(namedIn(message)).toEqual(['PORT', 'REDIS_URL']);
    expect(message).toContain('REDIS_URL must be a redis:// URL');
    expect(message).toMatch(/PORT: .*integer/);
  });

  it.each([
    ['DATABASE_URL', 'mysql://127.0.0.1/db'],
    ['PORT', '70000'],
    ['PORT', '0'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['OUTBOX_POLL_MS', '5'],
    ['WORKER_CONCURRENCY', 'many'],
    ['APP_URL', 'not a url'],
    ['TRUST_PROXY', 'maybe'],
    ['SEED_DEMO', 'sure'],
    ['LOGIN_ACCOUNT_SLOWDOWN_AFTER', '0'],
    ['LOGIN_ACCOUNT_SLOWDOWN_SECONDS', '7200'],
    ['INVITATION_MAILS_PER_EMAIL', 'lots'],
    ['INVITATION_MAILS_PER_ORGANIZATION', '-5'],
    ['INVITATION_MAIL_WINDOW_SECONDS', '0'],
    ['PAID_CALL_WINDOW_SECONDS', '100000'],
    ['STRIPE_CALLS_PER_USER', '0'],
    ['META_CALLS_PER_ORGANIZATION', '1.5'],
    ['BRAND_EXTRACTIONS_PER_USER', 'ten'],
  ])('names %s=%s', (name, value) => {
    expect(namedIn(errorFor({ ...REQUIRED, [name]: value }))).toEqual([name]);
  });

  it('applies the defaults', () => {
    const config = loadConfig(REQUIRED);
    expect(config).toBeInstanceOf(AppConfig);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      EMBEDDED_DATABASE: false,
      TRUST_PROXY: false,
      SEED_DEMO: false,
      LOG_LEVEL: 'info',
      OUTBOX_POLL_MS: 250,
      WORKER_CONCURRENCY: 4,
      QUEUE_PREFIX: 'brandloom',
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: 5,
      LOGIN_MAX_ATTEMPTS_PER_IP: 20,
      LOGIN_THROTTLE_WINDOW_SECONDS: 900,
      LOGIN_ACCOUNT_SLOWDOWN_AFTER: 10,
      LOGIN_ACCOUNT_SLOWDOWN_SECONDS: 30,
      INVITATION_MAILS_PER_EMAIL: 3,
      INVITATION_MAILS_PER_ORGANIZATION: 50,
      INVITATION_MAIL_WINDOW_SECONDS: 3600,
      PAID_CALL_WINDOW_SECONDS: 60,
      STRIPE_CALLS_PER_USER: 20,
      STRIPE_CALLS_PER_ORGANIZATION: 60,
      META_CALLS_PER_USER: 30,
      META_CALLS_PER_ORGANIZATION: 60,
      BRAND_EXTRACTIONS_PER_USER: 10,
      BRAND_EXTRACTIONS_PER_ORGANIZATION: 20,
    });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.queueDriver).toBe('in-process');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.googleConfigured).toBe(false);
  });

  it('parses numbers and URLs, and treats blank optional variables as unset', () => {
    const config = loadConfig({
      ...REQUIRED,
      PORT: '8080',
      WORKER_CONCURRENCY: '8',
      REDIS_URL: 'redis://127.0.0.1:6379',
      APP_URL: 'https://brandloom.example/',
      GOOGLE_CLIENT_ID: '',
    });
    expect(config.PORT).toBe(8080);
    expect(config.WORKER_CONCURRENCY).toBe(8);
    expect(config.queueDriver).toBe('bullmq');
    expect(config.appUrl).toBe('https://brandloom.example');
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(loadConfig({ ...REQUIRED, REDIS_URL: '' }).queueDriver).toBe('in-process');
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['yes', true],
    ['on', true],
    ['false', false],
    ['0', false],
    ['no', false],
    ['off', false],
  ])('parses the boolean %s as %s', (raw, expected) => {
    const config = loadConfig({ ...REQUIRED, TRUST_PROXY: raw, SEED_DEMO: raw, EMBEDDED_DATABASE: raw });
    expect(config.TRUST_PROXY).toBe(expected);
    expect(config.SEED_DEMO).toBe(expected);
    expect(config.EMBEDDED_DATABASE).toBe(expected);
  });

  it('ignores variables it does not know', () => {
    expect(() => loadConfig({ ...REQUIRED, PATH: '/usr/bin', SOMETHING_ELSE: '%%%' })).not.toThrow();
  });

  it('picks the mail driver by SMTP_URL and validates the mail settings', () => {
    expect(loadConfig(REQUIRED)).toMatchObject({ mailDriver: 'development', MAIL_DIR: '.data/mail', MAIL_FROM: 'Brandloom <no-reply@brandloom.local>' });
    expect(loadConfig({ ...REQUIRED, SMTP_URL: 'smtps://user:pass@smtp.example.com:465', MAIL_FROM: 'hello@example.com' }).mailDriver).toBe('smtp');
    expect(loadConfig({ ...REQUIRED, SMTP_URL: '' }).mailDriver).toBe('development');
    expect(namedIn(errorFor({ ...REQUIRED, SMTP_URL: 'https://smtp.example.com', MAIL_FROM: 'not an address', SUPPORT_EMAIL: 'help' }))).toEqual(['MAIL_FROM', 'SMTP_URL', 'SUPPORT_EMAIL']);
    expect(errorFor({ ...REQUIRED, MAIL_FROM: 'Brandloom <no-reply@example.com>\r\nBcc: x@example.com' })).toMatch(/MAIL_FROM must be an address/);
  });
});
