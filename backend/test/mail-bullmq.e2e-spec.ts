// Mail across processes: the API's request only records the outbox event; the worker application
// (its relay and BullMQ) enqueues and runs the mail job, which writes the message.
import { describeWithRedis, linkIn, MailDirectory } from '@brandloom/core/testing';
import { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { startInProcessWorker } from './generation-helpers';
import { agentFor, createTestApp, signUp, TestApp } from './test-app';

describeWithRedis('mail jobs on BullMQ (separate worker application)', () => {
  const prefix = `bl-test-${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let mail: MailDirectory;
  let env: Record<string, string | undefined>;

  beforeAll(async () => {
    mail = await MailDirectory.create();
    env = { REDIS_URL: process.env.REDIS_URL!, QUEUE_PREFIX: prefix, MAIL_DIR: mail.dir, SMTP_URL: undefined, OUTBOX_POLL_MS: '50' };
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await mail.remove();
  });

  it('no mail while no worker runs; the worker sends the invitation after the commit', async () => {
    const owner = await signUp(t);
    const invitee = `invitee-${randomBytes(4).toString('hex')}@example.com`;
    await owner.agent.post('/api/organization/invitations').send({ email: invitee, role: 'member' }).expect(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mail.all()).toEqual([]);

    worker = await startInProcessWorker({ ...env, DATABASE_URL: t.db.url });
    const message = await mail.waitFor(invitee, 1, 20_000);
    const token = linkIn(message, 'http://localhost:3000/invitations/').split('/').pop()!;
    const preview = await agentFor(t).get(`/api/invitations/${token}`).expect(200);
    expect(preview.body).toMatchObject({ email: invitee, valid: true });
  });
});
