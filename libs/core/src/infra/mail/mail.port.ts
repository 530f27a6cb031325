/** One message, rendered: plain HTML and text with the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Where mails go: SMTP (nodemailer) when SMTP_URL is set, else the development driver (log + one file per message). */
export abstract class MailPort {
  abstract readonly kind: 'smtp' | 'development';
  /** Resolves once the message has been handed over (accepted by the SMTP server, or written). */
  abstract send(message: MailMessage): Promise<void>;
  close?(): Promise<void> | void;
}
