export * from './mail.port';
export * from './mail.module';
export * from './mail-template';
export * from './drivers/development.mail-driver';
export * from './drivers/smtp.mail-driver';
export * from './mail-texts';
