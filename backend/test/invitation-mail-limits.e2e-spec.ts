// Invitation mails are bounded per organization and invited address, and per organization, counted
// across API processes: beyond either, 429 with Retry-After and no mail; another organization is never affected.
import { TEAM_MESSAGES } from '@brandloom/contracts';
import { MailDirectory } from '@brandloom/core/testing';
import { randomBytes } from 'node:crypto';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
const settle = () => new Promise((r) => setTimeout(r, 500));

describe('invitation mail limits', () => {
  let apiA: TestApp;
  let apiB: TestApp;
  let mail: MailDirectory;
  const env = { REDIS_URL: undefined, SMTP_URL: undefined, OUTBOX_POLL_MS: '50', INVITATION_MAILS_PER_EMAIL: '2', INVITATION_MAILS_PER_ORGANIZATION: '4', INVITATION_MAIL_WINDOW_SECONDS: '3600' };

  beforeAll(async () => {
    mail = await MailDirectory.create();
    apiA = await createTestApp({ ...env, MAIL_DIR: mail.dir });
    apiB = await createTestApp({ ...env, MAIL_DIR: mail.dir, DATABASE_URL: apiA.db.url });
  });
  afterAll(async () => {
    await apiB?.close();
    await apiA?.close();
    await mail.remove();
  });

  /** An organization owner signed in on both APIs. */
  async function owner() {
    const { agent, user, password } = await signUp(apiA);
    const onB = agentFor(apiB);
    await onB.post('/api/auth/login').send({ email: user.email, password }).expect(200);
    return { onA: agent, onB };
  }

  /** Moves an invitation's last mail out of the same-click window, so a resend mails again. */
  const mailedEarlier = (id: string) =>
    apiA.db.dataSource.query(`UPDATE invitations SET expires_at = expires_at - interval '1 minute' WHERE id = $1`, [id]);

  const invitationRows = async (address: string) =>
    Number((await apiA.db.dataSource.query(`SELECT count(*)::int AS n FROM invitations WHERE lower(email) = lower($1)`, [address]))[0].n);

  it('mails one address at most INVITATION_MAILS_PER_EMAIL times per organization (invites and resends, on any API); beyond, 429 and no mail', async () => {
    const { onA, onB } = await owner();
    const invitee = email('invitee');
    const invitation = (await onA.post('/api/organization/invitations').send({ email: invitee, role: 'member' }).expect(201)).body;
    await mail.waitFor(invitee, 1);
    await mailedEarlier(invitation.id);
    await onB.post(`/api/organization/invitations/${invitation.id}/resend`).expect(200);
    await mail.waitFor(invitee, 2);
    await mailedEarlier(invitation.id);
    const [before] = await apiA.db.dataSource.query(`SELECT token_hash, expires_at FROM invitations WHERE id = $1`, [invitation.id]);

    const refused = await onA.post(`/api/organization/invitations/${invitation.id}/resend`).expect(429);
    expect(refused.body).toEqual({ statusCode: 429, message: TEAM_MESSAGES.tooManyMailsToAddress('60 minutes'), error: 'Too Many Requests', code: 'invitation_mail_limit', params: { minutes: 60 } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Revoking and inviting again is the same mail to the same address.
    await onB.delete(`/api/organization/invitations/${invitation.id}`).expect(204);
    await onB.post('/api/organization/invitations').send({ email: invitee.toUpperCase(), role: 'member' }).expect(429);
    await settle();
    expect(await mail.to(invitee)).toHaveLength(2);
    // The refused resend changed nothing: the link mailed last still stands (the revoke aside).
    const [after] = await apiA.db.dataSource.query(`SELECT token_hash, expires_at FROM invitations WHERE id = $1`, [invitation.id]);
    expect(after).toEqual(before);

    // Another organization's allowance for that address is its own.
    const other = await owner();
    await other.onA.post('/api/organization/invitations').send({ email: invitee, role: 'member' }).expect(201);
    await mail.waitFor(invitee, 3);
  });

  it('mails at most INVITATION_MAILS_PER_ORGANIZATION invitations per organization; the one beyond is neither stored nor mailed', async () => {
    const { onA, onB } = await owner();
    for (let i = 0; i < 4; i++) await (i % 2 === 0 ? onA : onB).post('/api/organization/invitations').send({ email: email(`batch-${i}`), role: 'member' }).expect(201);
    const beyond = email('beyond');
    const refused = await onB.post('/api/organization/invitations').send({ email: beyond, role: 'member' }).expect(429);
    expect(refused.body.message).toBe(TEAM_MESSAGES.tooManyMailsFromOrganization('60 minutes'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    await settle();
    expect(await invitationRows(beyond)).toBe(0);
    expect(await mail.to(beyond)).toEqual([]);

    // The refusal took nothing from the address: another organization invites it at once.
    const other = await owner();
    await other.onB.post('/api/organization/invitations').send({ email: beyond, role: 'member' }).expect(201);
    await mail.waitFor(beyond, 1);
  });

  it('a refused invitation (already pending) costs no mail', async () => {
    const { onA } = await owner();
    const invitee = email('pending');
    const invitation = (await onA.post('/api/organization/invitations').send({ email: invitee, role: 'member' }).expect(201)).body;
    for (let i = 0; i < 3; i++) await onA.post('/api/organization/invitations').send({ email: invitee, role: 'member' }).expect(409);
    await mailedEarlier(invitation.id);
    await onA.post(`/api/organization/invitations/${invitation.id}/resend`).expect(200);
    await mail.waitFor(invitee, 2);
  });
});
