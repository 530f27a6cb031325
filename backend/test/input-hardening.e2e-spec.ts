import { colorBlocks, dataUrl } from '@brandloom/core/testing';
import { BULK_MESSAGES, CREDITS_MESSAGES, GENERATION_MESSAGES, GENERATION_PROGRESS_MESSAGES, INPUT_MAX_DEPTH, INPUT_MESSAGES, USER_MESSAGES } from '@brandloom/contracts';

import { createTestApp, signUp, TestApp } from './test-app';

/** The reproductions of bad input that used to answer 500: each now answers 400 naming the field, and changes nothing. */
describe('hostile input', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const invalid = (field: string) => ({ statusCode: 400, message: INPUT_MESSAGES.invalidText(field), error: 'Bad Request', code: 'input_invalid_text', params: { field } });
  const count = async (table: string) => Number((await t.db.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const generation = { quality: 'low', size: '1024x1024' };

  it('refuses JSON nested deeper than 32 levels before validation, signed in or not', async () => {
    const deep = '['.repeat(3000) + ']'.repeat(3000);
    const anonymous = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send(deep).expect(400);
    expect(anonymous.body).toEqual({ statusCode: 400, message: INPUT_MESSAGES.tooDeep, error: 'Bad Request', code: 'input_too_deep', params: { max: INPUT_MAX_DEPTH } });
    const { agent } = await signUp(t);
    await agent.post('/api/brand-profiles').set('Content-Type', 'application/json').send(`{"name":"Deep","brand_data":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`).expect(400, { statusCode: 400, message: INPUT_MESSAGES.tooDeep, error: 'Bad Request', code: 'input_too_deep', params: { max: INPUT_MAX_DEPTH } });
    // 32 levels are fine as far as the rule goes (the DTO then judges the shape).
    const atLimit = await agent.post('/api/folders').set('Content-Type', 'application/json').send(`{"name":${'['.repeat(31)}${']'.repeat(31)}}`);
    expect(atLimit.body.message).not.toBe(INPUT_MESSAGES.tooDeep);
  });

  it('refuses NUL in every text that reaches PostgreSQL', async () => {
    const { agent } = await signUp(t);
    const before = { generations: await count('generations'), profiles: await count('brand_profiles'), users: await count('users') };
    await agent.post('/api/generate').send({ ...generation, prompt: 'a bottle\u0000 on a table' }).expect(400, invalid('prompt'));
    await agent.post('/api/generate/test').send({ ...generation, prompt: 'TEST\u0000 bottle' }).expect(400, invalid('prompt'));
    await agent.post('/api/studio').field('prompt', 'a bottle\u0000 on a table').field('quality', 'low').field('size', '1024x1024').expect(400, invalid('prompt'));
    await agent.post('/api/brand-profiles').send({ name: 'Acme\u0000' }).expect(400, invalid('name'));
    await agent.post('/api/brand-profiles').send({ name: 'Acme', description: 'x\u0000' }).expect(400, invalid('description'));
    await agent.post('/api/brand-profiles').send({ name: 'Acme', brand_data: { 'key\u0000': 'v' } }).expect(400, invalid('brand_data'));
    await agent.post('/api/brand-profiles').send({ name: 'Acme', brand_data: { visualStyle: { tone: 'warm\u0000' } } }).expect(400, invalid('brand_data.visualStyle.tone'));
    await t.http().post('/api/auth/register').send({ email: 'nul@example.com', password: 'correct-horse', username: 'ab\u0000c' }).expect(400, invalid('username'));
    const image = dataUrl(await colorBlocks(['#0F766E', '#F97316', '#FACC15']));
    await agent.post('/api/brand-profiles/extract').send({ imageUrls: [image, image, image], fileNames: ['a\u0000.png'] }).expect(400, invalid('fileNames[0]'));
    expect({ generations: await count('generations'), profiles: await count('brand_profiles'), users: await count('users') }).toEqual(before);
    expect(await count('brand_extractions')).toBe(0);
  });

  it('refuses the admin credit reason with NUL, and the ledger is unchanged', async () => {
    const { agent, user } = await signUp(t);
    await t.db.dataSource.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
    const ledger = await count('credit_ledger');
    await agent.post('/api/credits/add').send({ amount: 5, reason: 'gift\u0000' }).expect(400, invalid('reason'));
    expect(await count('credit_ledger')).toBe(ledger);
  });

  it('refuses lone surrogates in emails, usernames and brand data', async () => {
    await t.http().post('/api/auth/register').send({ email: 'a\ud800@example.com', password: 'correct-horse' }).expect(400, invalid('email'));
    await t.http().post('/api/auth/login').send({ email: 'a\udc00@example.com', password: 'correct-horse' }).expect(400, invalid('email'));
    await t.http().post('/api/auth/register').send({ email: 'lone@example.com', password: 'correct-horse', username: 'x\ud800y' }).expect(400, invalid('username'));
    const { agent } = await signUp(t);
    await agent.post('/api/brand-profiles').send({ name: 'Acme', brand_data: { typography: { fontFamily: 'Inter\ud800' } } }).expect(400, invalid('brand_data.typography.fontFamily'));
    // Surrogate pairs (emoji) are fine.
    await agent.post('/api/brand-profiles').send({ name: 'Acme 🚀', brand_data: { brandPersonality: ['Bold 💥'] } }).expect(201);
  });

  it('refuses control characters in query parameters, path parameters and multipart fields', async () => {
    const { agent } = await signUp(t);
    await agent.get('/api/assets?search=a%00b').expect(400, invalid('search'));
    await agent.get('/api/brand-profiles/%00').expect(400, invalid('id'));
    await agent.post('/api/generate/bulk').field('defaultQuality', 'low\u0007').attach('file', Buffer.from('prompt\nhello there\n'), 'x.csv').expect(400, invalid('defaultQuality'));
  });

  it('answers one clear message for malformed bodies and wrong types', async () => {
    const { agent, user } = await signUp(t);
    const malformed = { statusCode: 400, message: INPUT_MESSAGES.malformedJson, error: 'Bad Request', code: 'malformed_json' };
    for (const path of ['/api/auth/login', '/api/folders', '/api/generate', '/api/brand-profiles', '/api/brand-profiles/extract']) {
      await agent.post(path).set('Content-Type', 'application/json').send('{"name": x}').expect(400, malformed);
    }
    expect((await agent.get('/api/credits/transactions?limit=abc').expect(400)).body.message).toEqual(['limit must be a whole number from 1 to 100']);
    expect((await agent.get('/api/assets?limit=abc').expect(400)).body.message).toHaveLength(1);
    const emptyStudio = await agent.post('/api/studio').field('quality', 'low').field('size', '1024x1024').expect(400);
    expect(emptyStudio.body.message).toEqual([GENERATION_MESSAGES.promptTooShort]);
    const longPrompt = await agent.post('/api/generate').send({ ...generation, prompt: 'x'.repeat(4001) }).expect(400);
    expect(longPrompt.body.message).toEqual([GENERATION_MESSAGES.promptTooLong]);
    expect((await agent.post('/api/stripe/create-checkout-session').send({}).expect(400)).body.message).toEqual(['priceId is required']);
    await t.db.dataSource.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
    expect((await agent.post('/api/credits/add').send({ amount: '5' }).expect(400)).body.message).toEqual([CREDITS_MESSAGES.invalidAmount]);
    const truncated = await agent
      .post('/api/studio')
      .set('Content-Type', 'multipart/form-data; boundary=XX')
      .send('--XX\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nhello wor');
    expect(truncated.body).toEqual({ statusCode: 400, message: INPUT_MESSAGES.malformedMultipart, error: 'Bad Request', code: 'malformed_multipart' });
  });

  it("tells multipart refusals apart by multer's codes, whatever the field names say", async () => {
    const { agent } = await signUp(t);
    const png = await colorBlocks(['#0F766E', '#F97316', '#FACC15']);
    const studio = () => agent.post('/api/studio').field('prompt', 'a bottle on a table').field('quality', 'low').field('size', '1024x1024');
    const answer = (res: { status: number; body: { message?: unknown } }) => ({ status: res.status, message: res.body.message });
    const generations = await count('generations');

    // A file under a field whose name ends like the images field is not a fifth reference image.
    expect(answer(await studio().attach('logo - images', png, 'a.png'))).toEqual({ status: 400, message: GENERATION_PROGRESS_MESSAGES.unexpectedFileField });
    // A field named like one of busboy's complaints, too long: multer's refusal, not a malformed body.
    const long = await studio().field('malformed part header', 'x'.repeat(65 * 1024));
    expect(answer(long)).toEqual({ status: 400, message: 'Field value too long - malformed part header' });
    const avatar = await agent.post('/api/users/me/avatar').attach('avatar', png, 'a.png').field('unexpected end of form', 'x'.repeat(2048));
    expect(answer(avatar)).toEqual({ status: 400, message: 'Field value too long - unexpected end of form' });
    // The images field past its count, a file above its limit, another field: the routes' own messages.
    const five = Array.from({ length: 5 }, () => png).reduce((req, image, i) => req.attach('images', image, `r${i}.png`), studio());
    expect(answer(await five)).toEqual({ status: 400, message: GENERATION_MESSAGES.referenceImagesTooMany });
    expect(answer(await agent.post('/api/users/me/avatar').attach('avatar', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'big.png'))).toEqual({ status: 413, message: USER_MESSAGES.imageTooLarge });
    expect(answer(await agent.post('/api/users/me/avatar').attach('photo', png, 'a.png'))).toEqual({ status: 400, message: USER_MESSAGES.avatarRequired });
    expect(answer(await agent.post('/api/generate/bulk').attach('file', Buffer.from('prompt\nhello there\n'), 'a.csv').attach('file', Buffer.from('prompt\n'), 'b.csv'))).toEqual({
      status: 400,
      message: BULK_MESSAGES.fileField,
    });
    expect(await count('generations')).toBe(generations);
  });

  it('refuses CSV cells with control characters with their row number', async () => {
    const { agent } = await signUp(t);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('prompt\nfine prompt here\nbad\u0001 prompt here\n', 'utf16le')]);
    const res = await agent.post('/api/generate/bulk').attach('file', utf16, 'rows.csv').expect(422);
    expect(res.body.errors).toEqual([{ row: 3, field: 'prompt', message: INPUT_MESSAGES.invalidText('prompt') }]);
  });
});
