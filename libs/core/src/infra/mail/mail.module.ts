import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DevelopmentMailDriver } from './drivers/development.mail-driver';
import { SmtpMailDriver } from './drivers/smtp.mail-driver';
import { MailPort } from './mail.port';

export function createMailDriver(config: AppConfig): MailPort {
  return config.SMTP_URL ? new SmtpMailDriver(config.SMTP_URL, config.MAIL_FROM) : new DevelopmentMailDriver(config.MAIL_DIR, config.MAIL_FROM);
}

@Injectable()
class MailLifecycle implements OnApplicationShutdown {
  constructor(@Inject(MailPort) private readonly mail: MailPort) {}

  async onApplicationShutdown(): Promise<void> {
    await this.mail.close?.();
  }
}

/** Provides MailPort (SMTP or the development driver, by config). Mails are sent from jobs, never from a request. */
@Global()
@Module({
  providers: [{ provide: MailPort, inject: [AppConfig], useFactory: createMailDriver }, MailLifecycle],
  exports: [MailPort],
})
export class MailModule {}
