import nodemailer, { type Transporter } from 'nodemailer';
import { MailMessage, MailPort } from '../mail.port';

/** SMTP through nodemailer: SMTP_URL carries host, port, TLS (smtps://) and credentials. */
export class SmtpMailDriver extends MailPort {
  readonly kind = 'smtp';
  private readonly transporter: Transporter;

  constructor(smtpUrl: string, private readonly from: string) {
    super();
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  }

  close(): void {
    this.transporter.close();
  }
}
