// The signed-in user's account: profile, avatar, preferences, password change, account deletion
// (rows, files, sessions, the Stripe subscription on the fake Stripe). Real PostgreSQL, in-process queue.
import { DEFAULT_PREFERENCES, USER_MESSAGES } from '@brandloom/contracts';
import { organizationScopedKey, STORAGE_DRIVER, type StorageDriver } from '@brandloom/core';
import { createStoredAsset, MailDirectory, storeAssetFiles, tempStorage } from '@brandloom/core/testing';
import { FakeStripe } from '../../libs/core/src/testing/fake-stripe';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

const messageOf = (body: { message: string | string[] }) => ([] as string[]).concat(body.message).join('; ');
const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

describe('account: profile, avatar, preferences, password, deletion', () => {
  let t: TestApp;
  let matchesDocument: MatchesDocument;
  let stripe: FakeStripe;
  let storage: StorageDriver;
  let mail: MailDirectory;
  const files = tempStorage();

  beforeAll(async () => {
    stripe = await FakeStripe.start();
    mail = await MailDirectory.create();
    t = await createTestApp({ REDIS_URL: undefined, STORAGE_DIR: files.dir, MAIL_DIR: mail.dir, SMTP_URL: undefined, OUTBOX_POLL_MS: '50', ...stripe.env });
    ({ matchesDocument } = await documentedAnswers(t));
    storage = t.app.get<StorageDriver>(STORAGE_DRIVER);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await mail.remove();
    files.cleanup();
  });

  const query = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

  /** Turns a password account into a Google-only one (as a Google sign-up would have made it). */
  const makeGoogleOnly = (userId: string) => query(`UPDATE users SET password_hash = NULL, google_id = $2 WHERE id = $1`, [userId, `g-${randomBytes(4).toString('hex')}`]);

  describe('profile', () => {
    it('GET /api/users/me answers the account with bio, sign-in kind, role and preferences; 401 when signed out', async () => {
      const { agent, user } = await signUp(t, { username: 'Pat Profile' });
      const res = await agent.get('/api/users/me').expect(200);
      expect(res.body).toEqual({
        ...user,
        avatar_url: null,
        created_at: expect.any(String),
        bio: null,
        has_password: true,
        google_linked: false,
        organization_id: expect.any(String),
        role: 'owner',
        preferences: DEFAULT_PREFERENCES,
      });
      await agentFor(t).get('/api/users/me').expect(401);
    });

    it('PATCH changes username and bio; the email needs the current password', async () => {
      const { agent, user, password } = await signUp(t);
      const res = await agent.patch('/api/users/me').send({ username: '  New Name ', bio: 'I design things.' }).expect(200);
      expect(res.body).toMatchObject({ username: 'New Name', bio: 'I design things.', email: user.email });
      expect((await agent.get('/api/auth/user').expect(200)).body.username).toBe('New Name');

      const newEmail = email('moved');
      expect((await agent.patch('/api/users/me').send({ email: newEmail }).expect(400)).body.message).toBe(USER_MESSAGES.currentPasswordRequired);
      expect((await agent.patch('/api/users/me').send({ email: newEmail, currentPassword: 'wrong-password' }).expect(400)).body.message).toBe(USER_MESSAGES.currentPasswordWrong);
      expect((await agent.get('/api/users/me').expect(200)).body.email).toBe(user.email);
      await agent.patch('/api/users/me').send({ email: newEmail, currentPassword: password }).expect(200);
      await agentFor(t).post('/api/auth/login').send({ email: newEmail, password }).expect(200);

      const other = await signUp(t);
      const taken = await agent.patch('/api/users/me').send({ email: other.user.email.toUpperCase(), currentPassword: password }).expect(409);
      expect(taken.body.message).toBe('An account with this email already exists');
      await agent.patch('/api/users/me').send({ bio: '' }).expect(200);
      expect((await agent.get('/api/users/me').expect(200)).body.bio).toBeNull();
    });

    it('refuses bad input with one clear message and changes nothing', async () => {
      const { agent } = await signUp(t, { username: 'Stays Same' });
      for (const [body, message] of [
        [{}, USER_MESSAGES.nothingToUpdate],
        [{ username: 'x' }, USER_MESSAGES.usernameLength],
        [{ username: 'y'.repeat(101) }, USER_MESSAGES.usernameLength],
        [{ email: 'nope' }, 'Please enter a valid email address'],
        [{ email: null }, 'Please enter a valid email address'],
        [{ username: null }, USER_MESSAGES.usernameLength],
        [{ bio: 'b'.repeat(501) }, USER_MESSAGES.bioTooLong],
        [{ bio: 42 }, 'bio must be text'],
        [{ is_admin: true }, 'property is_admin should not exist'],
        [{ username: 'Bad\u0007Name' }, expect.stringContaining('control characters')],
      ] as const) {
        expect(messageOf((await agent.patch('/api/users/me').send(body).expect(400)).body)).toEqual(message);
      }
      expect((await agent.get('/api/users/me').expect(200)).body).toMatchObject({ username: 'Stays Same', bio: null, is_admin: false });
    });

    it('a Google-only account cannot change its email and has no password to change', async () => {
      const { agent, user } = await signUp(t);
      await makeGoogleOnly(user.id);
      expect((await agent.get('/api/users/me').expect(200)).body).toMatchObject({ has_password: false, google_linked: true });
      expect((await agent.patch('/api/users/me').send({ email: email('g') }).expect(400)).body.message).toBe(USER_MESSAGES.googleEmail);
      const res = await agent.post('/api/users/me/password').send({ currentPassword: 'anything', newPassword: 'new-password-1', confirmPassword: 'new-password-1' }).expect(400);
      expect(res.body.message).toBe(USER_MESSAGES.noPassword);
    });
  });

  describe('avatar', () => {
    it('stores a 256² WebP checked by content, shows it as avatar_url, removes the previous one', async () => {
      const { agent } = await signUp(t);
      const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#22aa88' } }).png().toBuffer();
      const first = await agent.post('/api/users/me/avatar').attach('avatar', png, 'me.png').expect(200);
      matchesDocument('post', '/api/users/me/avatar', first);
      expect(first.body.avatar_url).toMatch(/^\/api\/users\/avatars\/[0-9a-f-]{36}\.webp$/);
      expect((await agent.get('/api/auth/user').expect(200)).body.avatar_url).toBe(first.body.avatar_url);
      const image = await agentFor(t).get(first.body.avatar_url).expect(200).expect('content-type', 'image/webp');
      const meta = await sharp(image.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);

      const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000000' } }).jpeg().toBuffer();
      const second = await agent.post('/api/users/me/avatar').attach('avatar', jpeg, 'me.jpg').expect(200);
      expect(second.body.avatar_url).not.toBe(first.body.avatar_url);
      await agentFor(t).get(first.body.avatar_url).expect(404);
      expect(await storage.exists(`avatars/${first.body.avatar_url.split('/').pop()}`)).toBe(false);
    });

    it('refuses non-images (whatever the name), missing files, other fields, oversized files and signed-out callers', async () => {
      const { agent } = await signUp(t);
      const html = await agent.post('/api/users/me/avatar').attach('avatar', Buffer.from('<html><script>alert(1)</script></html>'), 'me.png').expect(415);
      expect(html.body.message).toBe(USER_MESSAGES.imageType);
      expect((await agent.post('/api/users/me/avatar').field('x', 'y').expect(400)).body.message).toBe(USER_MESSAGES.avatarRequired);
      const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
      expect((await agent.post('/api/users/me/avatar').attach('picture', png, 'me.png').expect(400)).body.message).toBe(USER_MESSAGES.avatarRequired);
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1)]);
      expect((await agent.post('/api/users/me/avatar').attach('avatar', big, 'big.png').expect(413)).body.message).toBe(USER_MESSAGES.imageTooLarge);
      await agent.post('/api/users/me/avatar').send({ avatar: 'x' }).expect(415);
      await agentFor(t).post('/api/users/me/avatar').attach('avatar', png, 'me.png').expect(401);
      expect((await agent.get('/api/users/me').expect(200)).body.avatar_url).toBeNull();
    });
  });

  describe('preferences', () => {
    it('stores dark mode, notification flags and language on the user (they follow to another session)', async () => {
      const { agent, user, password } = await signUp(t);
      expect((await agent.get('/api/users/me/preferences').expect(200)).body).toEqual(DEFAULT_PREFERENCES);
      const res = await agent.patch('/api/users/me/preferences').send({ dark_mode: true, language: 'fr' }).expect(200);
      expect(res.body).toEqual({ ...DEFAULT_PREFERENCES, dark_mode: true, language: 'fr' });
      await agent.patch('/api/users/me/preferences').send({ email_notifications: false, browser_notifications: true }).expect(200);

      const elsewhere = agentFor(t);
      await elsewhere.post('/api/auth/login').send({ email: user.email, password }).expect(200);
      expect((await elsewhere.get('/api/users/me/preferences').expect(200)).body).toEqual({ dark_mode: true, email_notifications: false, browser_notifications: true, language: 'fr' });
      expect((await elsewhere.get('/api/users/me').expect(200)).body.preferences.dark_mode).toBe(true);
    });

    it('refuses unknown languages, non-booleans, unknown fields and empty bodies', async () => {
      const { agent } = await signUp(t);
      for (const [body, message] of [
        [{ language: 'it' }, USER_MESSAGES.invalidLanguage],
        [{ dark_mode: 'yes' }, USER_MESSAGES.invalidFlag('dark_mode')],
        [{ dark_mode: null }, USER_MESSAGES.invalidFlag('dark_mode')],
        [{ language: null }, USER_MESSAGES.invalidLanguage],
        [{ email_notifications: 1 }, USER_MESSAGES.invalidFlag('email_notifications')],
        [{ theme: 'dark' }, 'property theme should not exist'],
        [{}, USER_MESSAGES.nothingToUpdatePreferences],
      ] as const) {
        expect(messageOf((await agent.patch('/api/users/me/preferences').send(body).expect(400)).body)).toBe(message);
      }
      expect((await agent.get('/api/users/me/preferences').expect(200)).body).toEqual(DEFAULT_PREFERENCES);
      await agentFor(t).get('/api/users/me/preferences').expect(401);
    });
  });

  describe('password change', () => {
    it('checks the current password and the confirmation, then ends every other session but this one', async () => {
      const { agent, user, password } = await signUp(t);
      const elsewhere = agentFor(t);
      await elsewhere.post('/api/auth/login').send({ email: user.email, password }).expect(200);

      const mismatch = await agent.post('/api/users/me/password').send({ currentPassword: password, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pas' }).expect(400);
      expect(mismatch.body.message).toBe(USER_MESSAGES.passwordsDoNotMatch);
      const wrong = await agent.post('/api/users/me/password').send({ currentPassword: 'not-my-password', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' }).expect(400);
      expect(wrong.body.message).toBe(USER_MESSAGES.currentPasswordWrong);
      const short = await agent.post('/api/users/me/password').send({ currentPassword: password, newPassword: 'short', confirmPassword: 'short' }).expect(400);
      expect(messageOf(short.body)).toBe('Password must be at least 8 characters');
      await elsewhere.get('/api/auth/user').expect(200);

      const res = await agent.post('/api/users/me/password').send({ currentPassword: password, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' }).expect(200);
      expect(res.body.message).toBe(USER_MESSAGES.passwordChanged);
      matchesDocument('post', '/api/users/me/password', res);
      await agent.get('/api/auth/user').expect(200);
      await elsewhere.get('/api/auth/user').expect(401);
      await agentFor(t).post('/api/auth/login').send({ email: user.email, password }).expect(401);
      await agentFor(t).post('/api/auth/login').send({ email: user.email, password: 'brand-new-pass' }).expect(200);
    });
  });

  describe('account deletion', () => {
    it('needs the typed confirmation and the password; wrong input deletes nothing', async () => {
      const { agent, user, password } = await signUp(t);
      expect(messageOf((await agent.delete('/api/users/me').send({ password }).expect(400)).body)).toBe(USER_MESSAGES.deleteConfirm);
      expect(messageOf((await agent.delete('/api/users/me').send({ password, confirm: 'delete' }).expect(400)).body)).toBe(USER_MESSAGES.deleteConfirm);
      expect((await agent.delete('/api/users/me').send({ confirm: 'DELETE' }).expect(400)).body.message).toBe(USER_MESSAGES.deletePasswordRequired);
      expect((await agent.delete('/api/users/me').send({ confirm: 'DELETE', password: 'wrong-password' }).expect(400)).body.message).toBe(USER_MESSAGES.currentPasswordWrong);
      await agentFor(t).delete('/api/users/me').send({ confirm: 'DELETE', password }).expect(401);
      expect(await query(`SELECT 1 FROM users WHERE id = $1`, [user.id])).toHaveLength(1);
    });

    it("a sole member takes the organization along: rows, files (library, brand sources and logos, references, logo), sessions, avatar, and the Stripe subscription is cancelled", async () => {
      const { agent, user, password } = await signUp(t);
      const elsewhere = agentFor(t);
      await elsewhere.post('/api/auth/login').send({ email: user.email, password }).expect(200);
      const orgId = (await agent.get('/api/organization').expect(200)).body.organization.id;
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).png().toBuffer();
      const avatarUrl = (await agent.post('/api/users/me/avatar').attach('avatar', png, 'a.png').expect(200)).body.avatar_url;
      const logoUrl = (await agent.post('/api/organization/logo').attach('logo', png, 'l.png').expect(200)).body.logo_url;
      const asset = await createStoredAsset(t.db.dataSource, storage, { organizationId: orgId });
      const [profile] = await query(`INSERT INTO brand_profiles (organization_id, name) VALUES ($1, 'Doomed Brand') RETURNING id`, [orgId]);
      const brandLogoUrl: string = (await agent.post(`/api/brand-profiles/${profile.id}/logos`).field('variant', 'default').attach('logo', png, 'brand.png').expect(201)).body.url;
      const brandLogoKey = decodeURIComponent(brandLogoUrl.replace('/api/assets/file/', ''));
      expect(await storage.exists(brandLogoKey)).toBe(true);
      const source = await storeAssetFiles(storage, organizationScopedKey(orgId, 'brand-sources', 'png'));
      await query(
        `INSERT INTO brand_source_images (organization_id, s3_key, thumbnail_key, content_type, width, height, file_size) VALUES ($1, $2, $3, 'image/png', 16, 16, 100)`,
        [orgId, source.s3Key, source.thumbnailKey],
      );
      const reference = organizationScopedKey(orgId, 'references', 'png');
      await storage.put(reference, png, 'image/png');
      await query(
        `INSERT INTO generations (id, organization_id, prompt, quality, size, variation_count, provider, status, cost_per_image, storage_seed, reference_image_keys)
         VALUES (gen_random_uuid(), $1, 'A prompt', 'low', '1024x1024', 1, 'local', 'completed', 1, 'seed', $2::jsonb)`,
        [orgId, JSON.stringify([reference])],
      );
      await query(`INSERT INTO meta_connections (organization_id, meta_user_id, token_ciphertext) VALUES ($1, 'meta-user', 'cipher')`, [orgId]);
      const customer = `cus_${randomBytes(4).toString('hex')}`;
      const subscription = stripe.setSubscription({ customer, price: 'price_pro_monthly' });
      await query(`UPDATE organizations SET stripe_customer_id = $2, stripe_subscription_id = $3 WHERE id = $1`, [orgId, customer, subscription.id]);
      await query(`INSERT INTO subscriptions (id, organization_id, stripe_customer_id, status, stripe_created, synced_at) VALUES ($1, $2, $3, 'active', now(), now())`, [subscription.id, orgId, customer]);
      // A bystander organization stays untouched.
      const bystander = await signUp(t);
      const bystanderOrg = (await bystander.agent.get('/api/organization').expect(200)).body.organization.id;

      await agent.delete('/api/users/me').send({ confirm: 'DELETE', password }).expect(204);

      expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
      expect(stripe.subscriptions.get(subscription.id)!.status).toBe('canceled');
      for (const [table, column] of [['users', 'id'], ['memberships', 'user_id']] as const) {
        expect(await query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [user.id])).toEqual([]);
      }
      for (const table of ['organizations', 'assets', 'brand_profiles', 'meta_connections', 'subscriptions', 'credit_ledger']) {
        expect(await query(`SELECT 1 FROM ${table} WHERE ${table === 'organizations' ? 'id' : 'organization_id'} = $1`, [orgId])).toEqual([]);
      }
      expect(await query(`SELECT 1 FROM session WHERE sess->'passport'->>'user' = $1`, [user.id])).toEqual([]);
      expect(await storage.exists(asset.s3_key)).toBe(false);
      expect(await storage.exists(asset.thumbnail_key!)).toBe(false);
      expect(await storage.exists(source.s3Key)).toBe(false);
      expect(await storage.exists(source.thumbnailKey)).toBe(false);
      expect(await storage.exists(reference)).toBe(false);
      expect(await storage.exists(brandLogoKey)).toBe(false);
      expect(await storage.exists(`avatars/${avatarUrl.split('/').pop()}`)).toBe(false);
      expect(await storage.exists(`logos/${logoUrl.split('/').pop()}`)).toBe(false);
      await agent.get('/api/auth/user').expect(401);
      await elsewhere.get('/api/auth/user').expect(401);
      await agentFor(t).post('/api/auth/login').send({ email: user.email, password }).expect(401);
      expect(await query(`SELECT 1 FROM organizations WHERE id = $1`, [bystanderOrg])).toHaveLength(1);
    });

    it('an owner with other members must hand over first; a member leaves and the organization stays', async () => {
      const owner = await signUp(t);
      const member = await signUp(t, { email: email('leaver') });
      await owner.agent.post('/api/organization/invitations').send({ email: member.user.email, role: 'member' }).expect(201);
      const token = (await mail.waitFor(member.user.email)).text.match(/invitations\/(\S+)/)![1];
      await member.agent.post(`/api/invitations/${token}/accept`).expect(200);
      const orgId = (await owner.agent.get('/api/organization').expect(200)).body.organization.id;

      const refused = await owner.agent.delete('/api/users/me').send({ confirm: 'DELETE', password: owner.password }).expect(409);
      expect(refused.body.message).toBe(USER_MESSAGES.ownerMustHandOver);
      expect(await query(`SELECT 1 FROM users WHERE id = $1`, [owner.user.id])).toHaveLength(1);

      await member.agent.delete('/api/users/me').send({ confirm: 'DELETE', password: member.password }).expect(204);
      expect(await query(`SELECT 1 FROM users WHERE id = $1`, [member.user.id])).toEqual([]);
      expect((await owner.agent.get('/api/organization').expect(200)).body.members.map((m: { id: string }) => m.id)).toEqual([owner.user.id]);
      expect(await query(`SELECT 1 FROM organizations WHERE id = $1`, [orgId])).toHaveLength(1);
    });

    it('a Google-only account deletes with the confirmation alone', async () => {
      const { agent, user } = await signUp(t);
      await makeGoogleOnly(user.id);
      await agent.delete('/api/users/me').send({ confirm: 'DELETE' }).expect(204);
      expect(await query(`SELECT 1 FROM users WHERE id = $1`, [user.id])).toEqual([]);
    });
  });
});
