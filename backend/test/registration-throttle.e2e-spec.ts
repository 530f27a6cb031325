import { FakeGoogle } from '../../libs/core/src/testing/fake-google';
import { agentFor, createTestApp, TestApp } from './test-app';

/** Each sign-up gets the welcome bonus: an address may open REGISTRATION_MAX_PER_IP accounts per window, counted across API instances. */
describe('sign-up throttle per IP', () => {
  let apiA: TestApp;
  let apiB: TestApp;
  let apiWithGoogle: TestApp;
  const google = new FakeGoogle({ redirectUris: ['http://localhost:3000/api/auth/google/callback'] });
  const env = { REGISTRATION_MAX_PER_IP: '3', REGISTRATION_WINDOW_SECONDS: '3600', TRUST_PROXY: 'true' };

  beforeAll(async () => {
    apiA = await createTestApp(env);
    apiB = await createTestApp({ ...env, DATABASE_URL: apiA.db.url });
    await google.start();
    apiWithGoogle = await createTestApp({ ...env, ...google.env(), DATABASE_URL: apiA.db.url });
  });
  afterAll(async () => {
    await apiWithGoogle?.close();
    await google.stop();
    await apiB?.close();
    await apiA?.close();
  });

  let n = 0;
  const register = (api: TestApp, ip: string) =>
    api.http().post('/api/auth/register').set('X-Forwarded-For', ip).send({ email: `throttle-${n++}@example.com`, password: 'correct-horse' });
  const users = async () => Number((await apiA.db.dataSource.query('SELECT count(*)::int AS n FROM users'))[0].n);

  it('answers 429 with Retry-After once the address has used its sign-ups on any instance, and creates nobody', async () => {
    await register(apiA, '203.0.113.7').expect(201);
    await register(apiB, '203.0.113.7').expect(201);
    await register(apiA, '203.0.113.7').expect(201);
    const before = await users();
    const refused = await register(apiB, '203.0.113.7').expect(429);
    expect(refused.body).toEqual({ statusCode: 429, message: 'Too many sign-ups from your network. Please try again in 60 minutes.', error: 'Too Many Requests', code: 'registration_limit', params: { minutes: 60 } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await users()).toBe(before);
    // Another address still signs up.
    await register(apiA, '198.51.100.20').expect(201);
  });

  it('gives the point back when a sign-up fails (email taken), so mistakes do not use up the window', async () => {
    const ip = '192.0.2.44';
    const email = `taken-${Date.now()}@example.com`;
    await apiA.http().post('/api/auth/register').set('X-Forwarded-For', ip).send({ email, password: 'correct-horse' }).expect(201);
    for (let i = 0; i < 4; i++) await apiA.http().post('/api/auth/register').set('X-Forwarded-For', ip).send({ email, password: 'correct-horse' }).expect(409);
    await register(apiB, ip).expect(201);
    await register(apiB, ip).expect(201);
    await register(apiB, ip).expect(429);
  });

  it('counts Google sign-ups in the same window; a known Google account still signs in', async () => {
    const ip = '192.0.2.61';
    const signInWithGoogle = async () => {
      const agent = agentFor(apiWithGoogle);
      const start = await agent.get('/api/auth/google').expect(302);
      const back = new URL((await fetch(start.headers.location, { redirect: 'manual' })).headers.get('location')!);
      return agent.get(back.pathname + back.search).set('X-Forwarded-For', ip);
    };
    await register(apiA, ip).expect(201);
    await register(apiA, ip).expect(201);
    google.setProfile({});
    expect((await signInWithGoogle()).headers.location).toBe('/dashboard');
    const before = await users();

    google.setProfile({});
    const refused = await signInWithGoogle();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many sign-ups from your network. Please try again in 60 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await users()).toBe(before);
    await register(apiB, ip).expect(429);
  });
});
