import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MailMessage, MailPort } from '../mail.port';

/**
 * Without SMTP: each message is written as one .eml file to the mail directory, so a newcomer can
 * open the link a mail carries, and logged by recipient, subject and file.
 */
export class DevelopmentMailDriver extends MailPort {
  readonly kind = 'development';
  readonly directory: string;
  private readonly logger = new Logger('Mail');
  private readonly composer: Transporter;

  constructor(directory: string, private readonly from: string) {
    super();
    this.directory = resolve(directory);
    // nodemailer's stream transport builds the RFC 5322 message without sending it anywhere.
    this.composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const { message: raw } = (await this.composer.sendMail({ from: this.from, ...message })) as { message: Buffer };
    await mkdir(this.directory, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    const temporary = join(this.directory, `.${name}.tmp`);
    await writeFile(temporary, raw);
    // Readers never see a half-written file.
    await rename(temporary, join(this.directory, name));
    // Not the text: its links carry reset and invitation tokens, which never go to a log. The file has them.
    this.logger.log(`mail to ${message.to}: ${message.subject} (${join(this.directory, name)})`);
  }
}
