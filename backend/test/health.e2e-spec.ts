import { createTestApp, TestApp } from './test-app';

describe('health and API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: undefined });
  });
  afterAll(() => t.close());

  it('reports the database as up', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body.info.database.status).toBe('up');
  });

  it('answers liveness without touching a dependency and readiness with each one', async () => {
    expect((await t.http().get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await t.http().get('/api/health/ready').expect(200);
    expect(ready.body.info).toEqual({ database: { status: 'up' } });
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.http().post('/api/auth/login').set('content-type', 'application/json').send('{bad').expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: expect.any(String), error: 'Bad Request', code: 'malformed_json' });
  });

  it('answers an anonymous user call with 401', async () => {
    const res = await t.http().get('/api/auth/user').expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Not authenticated', error: 'Unauthorized', code: 'not_authenticated' });
  });
});
