import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { listenOnLoopbackPort } from './loopback-server';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

// The mail libraries are loaded by the suites that read mail, not by every suite that imports the testing module.
async function parse(raw: Buffer): Promise<ReceivedMail> {
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(raw);
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
  return { to, from: mail.from?.text ?? '', subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' };
}

/** The development mail driver's directory, read back: one .eml file per message, in the order written. */
export class MailDirectory {
  private constructor(readonly dir: string) {}

  static async create(): Promise<MailDirectory> {
    return new MailDirectory(await mkdtemp(join(tmpdir(), 'brandloom-mail-')));
  }

  async all(): Promise<ReceivedMail[]> {
    const files = (await readdir(this.dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(files.map(async (f) => parse(await readFile(join(this.dir, f)))));
  }

  async to(address: string): Promise<ReceivedMail[]> {
    return (await this.all()).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
  }

  /** Waits for the n-th mail (1-based) to `address`; mails are sent by jobs after the request has answered. */
  async waitFor(address: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await this.to(address);
      if (mails.length >= count) return mails[count - 1];
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms (have ${mails.length})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  remove(): Promise<void> {
    return rm(this.dir, { recursive: true, force: true });
  }
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return match[0];
}

/** A tiny local SMTP server (smtp-server) that keeps what it receives: the SMTP driver's counterpart in tests. */
export class FakeSmtp {
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    readonly received: ReceivedMail[],
    readonly logins: { username: string; password: string }[],
  ) {}

  static async start(): Promise<FakeSmtp> {
    const received: ReceivedMail[] = [];
    const logins: { username: string; password: string }[] = [];
    const { SMTPServer } = await import('smtp-server');
    const server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
        callback(null, { user: auth.username });
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          parse(Buffer.concat(chunks)).then((m) => {
            received.push(m);
            callback();
          }, callback);
        });
      },
    });
    return new FakeSmtp(server, await listenOnLoopbackPort(server.server), received, logins);
  }

  url(user = 'mailer', password = 'secret'): string {
    return `smtp://${user}:${password}@127.0.0.1:${this.port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
