// Teams: organization details and logo, invitations (mailed by a job through the development mail
// driver), accepting them, sign-up through them, member roles and removal. In-process queue, real PostgreSQL.
import { TEAM_MESSAGES, ORGANIZATION_MESSAGES, WELCOME_BONUS_CREDITS } from '@brandloom/contracts';
import { linkIn, MailDirectory, tempStorage } from '@brandloom/core/testing';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { documentedAnswers, type MatchesDocument } from './openapi-answers';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

type Agent = ReturnType<typeof agentFor>;
/** Validation answers carry a list of messages (one here), domain errors a single one. */
const messageOf = (body: { message: string | string[] }) => ([] as string[]).concat(body.message).join('; ');
const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;

describe('team: organization settings, invitations, roles', () => {
  let t: TestApp;
  let mail: MailDirectory;
  let matchesDocument: MatchesDocument;
  const files = tempStorage();

  beforeAll(async () => {
    mail = await MailDirectory.create();
    t = await createTestApp({ REDIS_URL: undefined, MAIL_DIR: mail.dir, SMTP_URL: undefined, STORAGE_DIR: files.dir, OUTBOX_POLL_MS: '50', APP_URL: 'http://localhost:3000' });
    ({ matchesDocument } = await documentedAnswers(t));
  });
  afterAll(async () => {
    await t?.close();
    await mail.remove();
    files.cleanup();
  });

  const query = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

  /** Invites `address` with `role` and returns the invitation and the token from the mailed link. */
  async function invite(owner: Agent, address: string, role = 'member', mailNumber = 1) {
    const res = await owner.post('/api/organization/invitations').send({ email: address, role }).expect(201);
    const message = await mail.waitFor(address, mailNumber);
    const link = linkIn(message, 'http://localhost:3000/invitations/');
    return { invitation: res.body, token: link.split('/').pop()!, message };
  }

  /** An owner with an admin and a member in the same organization. */
  async function team() {
    const owner = await signUp(t, { email: email('owner'), username: 'Olive Owner' });
    const admin = await signUp(t, { email: email('admin') });
    const member = await signUp(t, { email: email('member') });
    for (const [who, role] of [[admin, 'admin'], [member, 'member']] as const) {
      const { token } = await invite(owner.agent, who.user.email, role);
      await who.agent.post(`/api/invitations/${token}/accept`).expect(200);
    }
    return { owner, admin, member };
  }

  describe('organization details and logo', () => {
    it('owners and admins edit name, website and description; members read them; bad input changes nothing', async () => {
      const { owner, admin, member } = await team();
      const res = await owner.agent.patch('/api/organization').send({ name: '  Acme Studio ', website: 'https://acme.example.com', description: 'We make things.' }).expect(200);
      expect(res.body).toMatchObject({ name: 'Acme Studio', website: 'https://acme.example.com', description: 'We make things.', logo_url: null });
      await admin.agent.patch('/api/organization').send({ description: '' }).expect(200);
      const forbidden = await member.agent.patch('/api/organization').send({ name: 'Mine now' }).expect(403);
      expect(forbidden.body).toEqual({ statusCode: 403, message: ORGANIZATION_MESSAGES.managersOnly, error: 'Forbidden', code: 'team_permission' });

      for (const [body, message] of [
        [{ website: 'javascript:alert(1)' }, ORGANIZATION_MESSAGES.invalidWebsite],
        [{ website: 'ftp://acme.example.com' }, ORGANIZATION_MESSAGES.invalidWebsite],
        [{ name: 'A' }, ORGANIZATION_MESSAGES.nameLength],
        [{ name: null }, ORGANIZATION_MESSAGES.nameLength],
        [{ description: 'x'.repeat(1001) }, ORGANIZATION_MESSAGES.descriptionTooLong],
        [{}, ORGANIZATION_MESSAGES.nothingToUpdate],
        [{ name: 'Bad\u0000Name' }, expect.stringContaining('control characters')],
      ] as const) {
        const bad = await owner.agent.patch('/api/organization').send(body).expect(400);
        expect(messageOf(bad.body)).toEqual(message);
      }
      const read = await member.agent.get('/api/organization').expect(200);
      expect(read.body.organization).toMatchObject({ name: 'Acme Studio', website: 'https://acme.example.com', description: null });
    });

    it('stores the logo as a bounded WebP served publicly; refuses non-images and members', async () => {
      const { owner, member } = await team();
      const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#ff6600' } }).png().toBuffer();
      const res = await owner.agent.post('/api/organization/logo').attach('logo', png, 'logo.png').expect(200);
      matchesDocument('post', '/api/organization/logo', res);
      expect(res.body.logo_url).toMatch(/^\/api\/organization\/logos\/[0-9a-f-]{36}\.webp$/);
      const image = await agentFor(t).get(res.body.logo_url).expect(200).expect('content-type', 'image/webp');
      const meta = await sharp(image.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([512, 256]);

      const notImage = await owner.agent.post('/api/organization/logo').attach('logo', Buffer.from('<svg onload=alert(1)>'), 'logo.png').expect(415);
      expect(notImage.body.message).toBe('The file must be a PNG, JPEG, GIF or WebP image');
      await owner.agent.post('/api/organization/logo').attach('other', png, 'logo.png').expect(400);
      await member.agent.post('/api/organization/logo').attach('logo', png, 'logo.png').expect(403);
      await agentFor(t).get('/api/organization/logos/..%2F..%2Fetc%2Fpasswd').expect(404);
    });
  });

  describe('invitations', () => {
    it('mails a single-use link; an existing user accepts it and moves organizations (their empty one is deleted)', async () => {
      const owner = await signUp(t, { username: 'Ivy Inviter' });
      await owner.agent.patch('/api/organization').send({ name: 'Inviting Org' }).expect(200);
      const guest = await signUp(t, { email: email('guest') });
      const guestOrg = (await guest.agent.get('/api/organization').expect(200)).body.organization.id;

      const { invitation, token, message } = await invite(owner.agent, guest.user.email.toUpperCase(), 'admin');
      expect(invitation).toMatchObject({ email: guest.user.email.toUpperCase(), role: 'admin', status: 'pending', invited_by: 'Ivy Inviter' });
      expect(new Date(invitation.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
      expect(message.subject).toBe('Join Inviting Org on Brandloom');
      expect(message.text).toContain('Brandloom');
      expect(message.html).toContain(`http://localhost:3000/invitations/${token}`);
      // Only the hash is stored.
      const [row] = await query(`SELECT token_hash FROM invitations WHERE id = $1`, [invitation.id]);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toContain(token);

      const preview = await agentFor(t).get(`/api/invitations/${token}`).expect(200);
      expect(preview.body).toMatchObject({ organization_name: 'Inviting Org', role: 'admin', status: 'pending', valid: true, current: null });
      const signedIn = await guest.agent.get(`/api/invitations/${token}`).expect(200);
      expect(signedIn.body.current).toMatchObject({ email_matches: true, already_member: false, organization_deleted: true, blocked_reason: null });
      matchesDocument('get', '/api/invitations/{token}', preview);
      matchesDocument('get', '/api/invitations/{token}', signedIn);

      const accepted = await guest.agent.post(`/api/invitations/${token}/accept`).expect(200);
      expect(accepted.body).toMatchObject({ organization: { name: 'Inviting Org' }, role: 'admin' });
      matchesDocument('post', '/api/invitations/{token}/accept', accepted);
      expect((await guest.agent.get('/api/organization').expect(200)).body.organization.name).toBe('Inviting Org');
      expect(await query(`SELECT 1 FROM organizations WHERE id = $1`, [guestOrg])).toEqual([]);
      const members = (await owner.agent.get('/api/organization/members').expect(200)).body;
      expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([[owner.user.email, 'owner'], [guest.user.email, 'admin']]);

      // Reuse: refused, nothing changes.
      const reused = await guest.agent.post(`/api/invitations/${token}/accept`).expect(409);
      expect(reused.body.message).toBe(TEAM_MESSAGES.invitationUsed);
      expect((await agentFor(t).get(`/api/invitations/${token}`).expect(200)).body).toMatchObject({ status: 'accepted', valid: false });
      // Accepted invitations leave the pending list.
      expect((await owner.agent.get('/api/organization/invitations').expect(200)).body).toEqual([]);
    });

    it('sign-up through an invitation joins the organization: no organization of its own, no welcome bonus', async () => {
      const owner = await signUp(t);
      const orgId = (await owner.agent.get('/api/organization').expect(200)).body.organization.id;
      const newcomer = email('newcomer');
      const { token } = await invite(owner.agent, newcomer);
      const organizationsBefore = (await query(`SELECT count(*)::int AS n FROM organizations`))[0].n;
      const creditsBefore = (await query(`SELECT credits FROM organizations WHERE id = $1`, [orgId]))[0].credits;

      const agent = agentFor(t);
      // Another email than the invited one: refused, no account created.
      const wrong = await agent.post('/api/auth/register').send({ email: email('someone-else'), password: 'correct-horse', invitationToken: token }).expect(409);
      expect(wrong.body.message).toBe(TEAM_MESSAGES.invitationEmailMismatch(newcomer));
      const res = await agent.post('/api/auth/register').send({ email: newcomer, password: 'correct-horse', invitationToken: token }).expect(201);
      const org = (await agent.get('/api/organization').expect(200)).body;
      expect(org.organization.id).toBe(orgId);
      expect(org.members.find((m: { id: string }) => m.id === res.body.id).role).toBe('member');
      expect((await query(`SELECT count(*)::int AS n FROM organizations`))[0].n).toBe(organizationsBefore);
      expect((await query(`SELECT credits FROM organizations WHERE id = $1`, [orgId]))[0].credits).toBe(creditsBefore);
      expect((await query(`SELECT count(*)::int AS n FROM credit_ledger WHERE organization_id = $1 AND type = 'bonus'`, [orgId]))[0].n).toBe(1);

      // A used or unknown token makes no account either.
      const again = await agentFor(t).post('/api/auth/register').send({ email: email('late'), password: 'correct-horse', invitationToken: token }).expect(409);
      expect(again.body.message).toBe(TEAM_MESSAGES.invitationUsed);
      const unknown = await agentFor(t).post('/api/auth/register').send({ email: email('late'), password: 'correct-horse', invitationToken: 'x'.repeat(43) }).expect(409);
      expect(unknown.body.message).toBe(TEAM_MESSAGES.invitationInvalid);
      expect(WELCOME_BONUS_CREDITS).toBeGreaterThan(0);
    });

    it('expired links are refused; resend renews with a new link (the old one stops working); revoked links are refused', async () => {
      const owner = await signUp(t);
      const late = await signUp(t, { email: email('late') });
      const { invitation, token } = await invite(owner.agent, late.user.email);
      await query(`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [invitation.id]);
      expect((await owner.agent.get('/api/organization/invitations').expect(200)).body[0]).toMatchObject({ id: invitation.id, status: 'expired' });
      const expired = await late.agent.post(`/api/invitations/${token}/accept`).expect(409);
      expect(expired.body.message).toBe(TEAM_MESSAGES.invitationExpired);

      const resent = await owner.agent.post(`/api/organization/invitations/${invitation.id}/resend`).expect(200);
      expect(resent.body.status).toBe('pending');
      matchesDocument('post', '/api/organization/invitations/{id}/resend', resent);
      const second = linkIn(await mail.waitFor(late.user.email, 2), 'http://localhost:3000/invitations/').split('/').pop()!;
      expect(second).not.toBe(token);
      await late.agent.post(`/api/invitations/${token}/accept`).expect(409);
      await agentFor(t).get(`/api/invitations/${token}`).expect(404);

      await owner.agent.delete(`/api/organization/invitations/${invitation.id}`).expect(204);
      const revoked = await late.agent.post(`/api/invitations/${second}/accept`).expect(409);
      expect(revoked.body.message).toBe(TEAM_MESSAGES.invitationRevoked);
      expect((await owner.agent.get('/api/organization/invitations').expect(200)).body).toEqual([]);
      await owner.agent.delete(`/api/organization/invitations/${invitation.id}`).expect(404);
    });

    it('a resend clicked twice, or three times at once, mails one new link: every click gets the same invitation', async () => {
      const owner = await signUp(t);
      const guest = email('twice');
      const { invitation, token } = await invite(owner.agent, guest);
      // Mailed a while ago: the next resend is a new click.
      await query(`UPDATE invitations SET expires_at = expires_at - interval '1 hour' WHERE id = $1`, [invitation.id]);

      for (const clicks of [2, 3]) {
        const before = (await mail.to(guest)).length;
        const answers = await Promise.all(Array.from({ length: clicks }, () => owner.agent.post(`/api/organization/invitations/${invitation.id}/resend`)));
        expect(answers.map((a) => a.status)).toEqual(Array(clicks).fill(200));
        expect(new Set(answers.map((a) => a.body.expires_at)).size).toBe(1);
        await mail.waitFor(guest, before + 1);
        // Give a second mail job every chance to run before counting.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(await mail.to(guest)).toHaveLength(before + 1);
        const [{ n }] = await query(`SELECT count(*)::int AS n FROM outbox WHERE type = 'team.invitation.mail-requested' AND payload->>'invitationId' = $1`, [invitation.id]);
        expect(n).toBe(before + 1);
        await query(`UPDATE invitations SET expires_at = expires_at - interval '1 hour' WHERE id = $1`, [invitation.id]);
      }
      // The last mailed link works; the first one stopped working.
      const latest = linkIn(await mail.waitFor(guest, 3), 'http://localhost:3000/invitations/').split('/').pop()!;
      await agentFor(t).get(`/api/invitations/${token}`).expect(404);
      expect((await agentFor(t).get(`/api/invitations/${latest}`).expect(200)).body.status).toBe('pending');
    });

    it('validates, refuses duplicates and members, and scopes ids to the organization', async () => {
      const { owner, admin, member } = await team();
      const other = await signUp(t);
      for (const [body, message] of [
        [{ email: 'not-an-email', role: 'member' }, 'Please enter a valid email address'],
        [{ email: email('x'), role: 'boss' }, TEAM_MESSAGES.invalidRole],
        [{ email: email('x') }, TEAM_MESSAGES.invalidRole],
        [{ email: email('x'), role: 'member', extra: 1 }, 'property extra should not exist'],
      ] as const) {
        expect(messageOf((await owner.agent.post('/api/organization/invitations').send(body).expect(400)).body)).toBe(message);
      }
      const address = email('dup');
      const { invitation } = await invite(owner.agent, address);
      expect((await admin.agent.post('/api/organization/invitations').send({ email: address, role: 'member' }).expect(409)).body.message).toBe(TEAM_MESSAGES.alreadyInvited);
      expect((await owner.agent.post('/api/organization/invitations').send({ email: member.user.email, role: 'member' }).expect(409)).body.message).toBe(TEAM_MESSAGES.alreadyMember);

      // Members cannot invite, resend or revoke; admins cannot invite owners.
      expect((await member.agent.post('/api/organization/invitations').send({ email: email('y'), role: 'member' }).expect(403)).body.message).toBe(TEAM_MESSAGES.managersOnly);
      await member.agent.post(`/api/organization/invitations/${invitation.id}/resend`).expect(403);
      await member.agent.delete(`/api/organization/invitations/${invitation.id}`).expect(403);
      expect((await admin.agent.post('/api/organization/invitations').send({ email: email('z'), role: 'owner' }).expect(403)).body.message).toBe(TEAM_MESSAGES.ownersOnly);
      // Another organization's invitation is not found.
      await other.agent.post(`/api/organization/invitations/${invitation.id}/resend`).expect(404);
      await other.agent.delete(`/api/organization/invitations/${invitation.id}`).expect(404);
      await owner.agent.delete('/api/organization/invitations/not-a-uuid').expect(404);
      expect((await other.agent.get('/api/organization/invitations').expect(200)).body).toEqual([]);
      // Signed out: 401.
      await agentFor(t).get('/api/organization/invitations').expect(401);
      await agentFor(t).post('/api/invitations/whatever/accept').expect(401);
    });

    it('a sole owner of an organization with other members must hand it over before accepting', async () => {
      const { owner } = await team();
      const inviter = await signUp(t);
      const { token } = await invite(inviter.agent, owner.user.email);
      const preview = await owner.agent.get(`/api/invitations/${token}`).expect(200);
      expect(preview.body.current.blocked_reason).toBe(TEAM_MESSAGES.ownerMustHandOver);
      const res = await owner.agent.post(`/api/invitations/${token}/accept`).expect(409);
      expect(res.body.message).toBe(TEAM_MESSAGES.ownerMustHandOver);
      expect((await owner.agent.get('/api/organization').expect(200)).body.members).toHaveLength(3);
    });
  });

  describe('members and roles', () => {
    it('only managers change roles, only owners make or unmake owners, an owner always remains', async () => {
      const { owner, admin, member } = await team();
      const forbidden = await member.agent.patch(`/api/organization/members/${admin.user.id}`).send({ role: 'member' }).expect(403);
      expect(forbidden.body.message).toBe(TEAM_MESSAGES.managersOnly);
      expect((await admin.agent.patch(`/api/organization/members/${member.user.id}`).send({ role: 'owner' }).expect(403)).body.message).toBe(TEAM_MESSAGES.ownersOnly);
      expect((await admin.agent.patch(`/api/organization/members/${owner.user.id}`).send({ role: 'member' }).expect(403)).body.message).toBe(TEAM_MESSAGES.ownersOnly);
      expect((await owner.agent.patch(`/api/organization/members/${owner.user.id}`).send({ role: 'admin' }).expect(409)).body.message).toBe(TEAM_MESSAGES.lastOwner);
      expect(messageOf((await owner.agent.patch(`/api/organization/members/${member.user.id}`).send({ role: 'chief' }).expect(400)).body)).toBe(TEAM_MESSAGES.invalidRole);

      const promoted = await admin.agent.patch(`/api/organization/members/${member.user.id}`).send({ role: 'admin' }).expect(200);
      matchesDocument('patch', '/api/organization/members/{userId}', promoted);
      expect(promoted.body).toMatchObject({ id: member.user.id, role: 'admin' });
      await owner.agent.patch(`/api/organization/members/${admin.user.id}`).send({ role: 'owner' }).expect(200);
      // Two owners now: the first may step down.
      await owner.agent.patch(`/api/organization/members/${owner.user.id}`).send({ role: 'member' }).expect(200);
      const roles = (await admin.agent.get('/api/organization/members').expect(200)).body.map((m: { id: string; role: string }) => [m.id, m.role]);
      expect(roles).toEqual([[owner.user.id, 'member'], [admin.user.id, 'owner'], [member.user.id, 'admin']]);
    });

    it('removing a member ends their sessions and gives them an organization of their own (no bonus); an admin cannot remove the owner', async () => {
      const { owner, admin, member } = await team();
      const orgId = (await owner.agent.get('/api/organization').expect(200)).body.organization.id;
      const other = await signUp(t);
      await other.agent.delete(`/api/organization/members/${member.user.id}`).expect(404);
      expect((await member.agent.delete(`/api/organization/members/${admin.user.id}`).expect(403)).body.message).toBe(TEAM_MESSAGES.managersOnly);
      expect((await admin.agent.delete(`/api/organization/members/${owner.user.id}`).expect(403)).body.message).toBe(TEAM_MESSAGES.ownersOnly);
      expect((await owner.agent.delete(`/api/organization/members/${owner.user.id}`).expect(409)).body.message).toBe(TEAM_MESSAGES.notSelf);

      await admin.agent.delete(`/api/organization/members/${member.user.id}`).expect(204);
      await member.agent.get('/api/auth/user').expect(401);
      const [membership] = await query(`SELECT m.organization_id, m.role, o.credits FROM memberships m JOIN organizations o ON o.id = m.organization_id WHERE m.user_id = $1`, [member.user.id]);
      expect(membership.organization_id).not.toBe(orgId);
      expect(membership).toMatchObject({ role: 'owner', credits: 0 });
      expect((await owner.agent.get('/api/organization/members').expect(200)).body.map((m: { id: string }) => m.id)).toEqual([owner.user.id, admin.user.id]);
    });
  });
});
