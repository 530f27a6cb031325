import { ASSETS_MAX_LIMIT, ERROR_CODES, FIELD_ERROR_CODES, GENERATION_MESSAGES, PROMPT_MIN_LENGTH, type ErrorCode } from '@brandloom/contracts';
import type { Response } from 'supertest';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

/**
 * Every kind of refusal the API makes, from the framework to the domains, answers
 * `{ statusCode, message, error, code }` with a stable code, plus the values its message names.
 */
describe('error codes', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '2' });
    member = await signUp(t);
  });
  afterAll(() => t?.close());

  /** The answer's code, after checking the whole error shape. */
  function codeOf(res: Response, status: number): ErrorCode {
    expect([res.status, res.body.statusCode, typeof res.body.error, typeof res.body.message === 'string' || Array.isArray(res.body.message)]).toEqual([status, status, 'string', true]);
    expect(ERROR_CODES).toContain(res.body.code);
    return res.body.code;
  }

  const studio = () =>
    member.agent.post('/api/studio').field('quality', 'low').field('size', '1024x1024').field('variationCount', '1').field('contentPolicyScan', 'true');

  it('answers a 4-character prompt with validation_failed, the field, its code and the minimum', async () => {
    const json = await member.agent.post('/api/generate').send({ prompt: 'abcd', quality: 'low', size: '1024x1024', variationCount: 1, contentPolicyScan: true });
    const multipart = await studio().field('prompt', 'abcd');
    for (const res of [json, multipart]) {
      expect(codeOf(res, 400)).toBe('validation_failed');
      expect(res.body.message).toEqual([GENERATION_MESSAGES.promptTooShort]);
      expect(res.body.message[0]).toContain(String(PROMPT_MIN_LENGTH));
      expect(res.body.errors).toEqual([{ field: 'prompt', code: 'too_short', params: { min: 5 }, message: GENERATION_MESSAGES.promptTooShort }]);
    }
    // A long enough prompt passes that field.
    const passing = await studio().field('prompt', 'abcde');
    expect(passing.status).toBe(201);
  });

  it('gives every failing field its own code and the values its message names', async () => {
    const res = await member.agent.post('/api/generate').send({ prompt: 'x'.repeat(4001), quality: 'ultra', size: '1024x1024', variationCount: 11, contentPolicyScan: true, extra: 1 });
    expect(codeOf(res, 400)).toBe('validation_failed');
    const byField = Object.fromEntries(res.body.errors.map((e: { field: string }) => [e.field, e]));
    expect(byField).toEqual({
      prompt: { field: 'prompt', code: 'too_long', params: { max: 4000 }, message: GENERATION_MESSAGES.promptTooLong },
      quality: { field: 'quality', code: 'not_allowed', params: { values: ['low', 'medium', 'high'] }, message: GENERATION_MESSAGES.qualityRequired },
      variationCount: { field: 'variationCount', code: 'out_of_range', params: { min: 1, max: 10 }, message: GENERATION_MESSAGES.variationCountRange },
      extra: { field: 'extra', code: 'unknown_field', message: 'property extra should not exist' },
    });
    expect([...res.body.message].sort()).toEqual(res.body.errors.map((e: { message: string }) => e.message).sort());

    const register = await agentFor(t).post('/api/auth/register').send({ email: 'not-an-email', password: '1234567' });
    expect(codeOf(register, 400)).toBe('validation_failed');
    expect(register.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email', code: 'not_an_email' }),
        expect.objectContaining({ field: 'password', code: 'too_short', params: { min: 8 } }),
      ]),
    );
    // Query parameters too, with the range their messages name.
    const limit = await member.agent.get('/api/assets?limit=0');
    expect(codeOf(limit, 400)).toBe('validation_failed');
    expect(limit.body.errors).toEqual([expect.objectContaining({ field: 'limit', code: 'out_of_range', params: { min: 1, max: ASSETS_MAX_LIMIT } })]);
    const page = await agentFor(t).get('/api/blog/posts?page=0');
    expect(page.body.errors).toEqual([expect.objectContaining({ field: 'page', code: 'out_of_range', params: { min: 1, max: 100_000 } })]);

    for (const error of [...res.body.errors, ...register.body.errors]) expect(FIELD_ERROR_CODES).toContain(error.code);
  });

  it('codes the refusals of the HTTP layer: routes, sessions, origins, content types, bodies, input', async () => {
    const anonymous = agentFor(t);
    expect(codeOf(await anonymous.get('/api/no-such-route'), 404)).toBe('route_not_found');
    expect(codeOf(await anonymous.get('/api/auth/user'), 401)).toBe('not_authenticated');
    expect(codeOf(await member.agent.get('/api/admin/users'), 403)).toBe('admin_required');
    expect(codeOf(await member.agent.post('/api/folders').set('Origin', 'https://evil.example').send({ name: 'x' }), 403)).toBe('foreign_origin');
    expect(codeOf(await member.agent.post('/api/folders').set('Content-Type', 'text/plain').send('name'), 415)).toBe('json_only');
    expect(codeOf(await member.agent.post('/api/studio').send({ prompt: 'hello world' }), 415)).toBe('multipart_only');
    expect(codeOf(await member.agent.post('/api/folders').set('Content-Type', 'application/json').send('{"name": x'), 400)).toBe('malformed_json');
    expect(codeOf(await member.agent.post('/api/folders').send({ name: 'y'.repeat(200 * 1024) }), 413)).toBe('body_too_large');
    expect(codeOf(await member.agent.post('/api/folders').set('Content-Type', 'application/json; charset=klingon').send('{}'), 415)).toBe('body_encoding_unsupported');

    const nul = await member.agent.post('/api/folders').send({ name: 'a\u0000b' });
    expect(codeOf(nul, 400)).toBe('input_invalid_text');
    expect(nul.body.params).toEqual({ field: 'name' });
    const deep = await member.agent.post('/api/folders').set('Content-Type', 'application/json').send(`{"name":${'['.repeat(40)}${']'.repeat(40)}}`);
    expect(codeOf(deep, 400)).toBe('input_too_deep');
    expect(deep.body.params).toEqual({ max: 32 });
  });

  it('codes multipart refusals', async () => {
    const truncated = await member.agent
      .post('/api/studio')
      .set('Content-Type', 'multipart/form-data; boundary=b')
      .send('--b\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nhello wor');
    expect(codeOf(truncated, 400)).toBe('malformed_multipart');
    const unexpected = await studio().field('prompt', 'hello world').attach('nope', Buffer.alloc(10), 'x.png');
    expect(codeOf(unexpected, 400)).toBe('reference_image_field_unexpected');
    const bulkWithoutFile = await member.agent.post('/api/generate/bulk').field('defaultQuality', 'low');
    expect(codeOf(bulkWithoutFile, 400)).toBe('bulk_csv_required');
  });

  it("codes domain errors, with the values their messages name: credits, not found, the login throttle", async () => {
    const { agent } = await signUp(t);
    const expensive = await agent.post('/api/generate').send({ prompt: 'A bright poster', quality: 'high', size: '1024x1024', variationCount: 10, contentPolicyScan: true });
    expect(codeOf(expensive, 402)).toBe('insufficient_credits');
    expect(expensive.body.params).toEqual({ required: 40, available: 25 });

    expect(codeOf(await member.agent.get('/api/generate/progress/00000000-0000-4000-8000-000000000000'), 404)).toBe('generation_not_found');
    expect(codeOf(await member.agent.patch('/api/folders/00000000-0000-4000-8000-000000000000').send({ name: 'x' }), 404)).toBe('folder_not_found');

    const wrong = () => agentFor(t).post('/api/auth/login').send({ email: member.user.email, password: 'wrong-password' });
    expect(codeOf(await wrong(), 401)).toBe('invalid_credentials');
    expect(codeOf(await wrong(), 401)).toBe('invalid_credentials');
    const throttled = await wrong();
    expect(codeOf(throttled, 429)).toBe('login_attempts_limit');
    expect(throttled.body.params).toEqual({ minutes: expect.any(Number) });
    expect(throttled.headers['retry-after']).toEqual(expect.any(String));
  });
});
