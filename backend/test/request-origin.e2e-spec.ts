import { AUTH_MESSAGES, BILLING_MESSAGES, INPUT_MESSAGES } from '@brandloom/contracts';
import { createTestApp, signUp, TestApp } from './test-app';

/** Only the app's own pages may change state: Origin (or, without one, Referer) must be a trusted origin. */
describe('request origin and content type', () => {
  let t: TestApp;
  let loopback: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://app.example.com', ALLOWED_ORIGINS: 'https://admin.example.com, https://partner.example.org:8443' });
    loopback = await createTestApp({ APP_URL: 'http://127.0.0.1:3000' });
  });
  afterAll(async () => {
    await t?.close();
    await loopback?.close();
  });

  const folderCount = async (app: TestApp) => Number((await app.db.dataSource.query('SELECT count(*)::int AS n FROM folders'))[0].n);

  it('refuses a state-changing request without Origin or with a foreign one, and changes nothing', async () => {
    const { agent } = await signUp(t);
    const cases: Array<[string, Record<string, string | undefined>]> = [
      ['no Origin, no Referer', { Origin: undefined }],
      ['foreign Origin', { Origin: 'https://evil.example' }],
      ['Origin null', { Origin: 'null' }],
      ['foreign Referer without Origin', { Origin: undefined, Referer: 'https://evil.example/page' }],
      ['Host and Origin both forged', { Origin: 'http://evil.example', Host: 'evil.example' }],
      ['own origin with another port', { Origin: 'https://app.example.com:444' }],
      ['own origin over http', { Origin: 'http://app.example.com' }],
    ];
    for (const [label, headers] of cases) {
      let req = agent.post('/api/folders').set('Content-Type', 'application/json');
      for (const [name, value] of Object.entries(headers)) req = value === undefined ? req.unset(name) : req.set(name, value);
      const res = await req.send(JSON.stringify({ name: `x ${label}` }));
      expect([label, res.status, res.body]).toEqual([label, 403, { statusCode: 403, message: AUTH_MESSAGES.foreignOrigin, error: 'Forbidden', code: 'foreign_origin' }]);
    }
    // The reproduction: a cookie-authenticated form post without Origin (refused before its content type is judged).
    const form = await agent.post('/api/folders').unset('Origin').set('Content-Type', 'application/x-www-form-urlencoded').send('name=x');
    expect([form.status, form.body.message]).toEqual([403, AUTH_MESSAGES.foreignOrigin]);
    expect(await folderCount(t)).toBe(0);
  });

  it('accepts APP_URL, ALLOWED_ORIGINS and an own Referer when the browser sends no Origin', async () => {
    const { agent } = await signUp(t);
    await agent.post('/api/folders').send({ name: 'by app origin' }).expect(201);
    await agent.post('/api/folders').set('Origin', 'https://admin.example.com').send({ name: 'by allowed origin' }).expect(201);
    await agent.post('/api/folders').set('Origin', 'https://partner.example.org:8443').send({ name: 'by allowed origin with port' }).expect(201);
    await agent.post('/api/folders').unset('Origin').set('Referer', 'https://app.example.com/library?x=1').send({ name: 'by referer' }).expect(201);
    // Reads need no Origin.
    await agent.get('/api/folders').unset('Origin').expect(200);
  });

  it('on a loopback APP_URL, localhost, 127.0.0.1 and [::1] at the same port all count', async () => {
    const { agent } = await signUp(loopback);
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      await agent.post('/api/folders').set('Origin', origin).send({ name: origin }).expect(201);
    }
    await agent.post('/api/folders').set('Origin', 'http://localhost:3001').send({ name: 'other port' }).expect(403);
  });

  it('lets the signed Stripe webhook through without an Origin (its signature is the check)', async () => {
    const res = await t.http().post('/api/stripe/webhook').unset('Origin').set('Content-Type', 'application/json').send('{}');
    // Past the origin check: this app has no Stripe, so the webhook itself answers (a signed delivery is in billing-webhook.e2e-spec.ts).
    expect(res.body).toEqual({ statusCode: 503, message: BILLING_MESSAGES.paymentsNotConfigured, error: 'Service Unavailable', code: 'payments_not_configured' });
  });

  it('takes JSON bodies only as application/json (415), multipart only where documented, bodyless posts without a type', async () => {
    const { agent } = await signUp(t);
    const form = await agent.post('/api/folders').set('Content-Type', 'application/x-www-form-urlencoded').send('name=x');
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ statusCode: 415, message: INPUT_MESSAGES.jsonOnly, error: 'Unsupported Media Type', code: 'json_only' });
    await agent.post('/api/folders').set('Content-Type', 'text/plain').send('{"name":"x"}').expect(415);
    const multipartToJson = await agent.post('/api/folders').field('name', 'x');
    expect(multipartToJson.status).toBe(415);
    const jsonToMultipart = await agent.post('/api/studio').send({ prompt: 'hello world', quality: 'low', size: '1024x1024' });
    expect(jsonToMultipart.body).toEqual({ statusCode: 415, message: INPUT_MESSAGES.multipartOnly, error: 'Unsupported Media Type', code: 'multipart_only' });
    await agent.post('/api/auth/logout').expect((res) => expect(res.status).toBeLessThan(300));
  });
});
