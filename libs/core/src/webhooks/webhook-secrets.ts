import { Injectable } from '@nestjs/common';
import { hkdfSync } from 'node:crypto';
import { AppConfig } from '../infra/config/app-config';
import { TokenCipher } from '../infra/tokens/token-cipher';

/**
 * Signing secrets at rest: we must sign with them, so they are encrypted (not hashed), with the
 * endpoint id as associated data. The key is WEBHOOK_SECRET_KEY, or one derived from SESSION_SECRET.
 */
@Injectable()
export class WebhookSecrets {
  private readonly cipher: TokenCipher;

  constructor(config: AppConfig) {
    const key = config.WEBHOOK_SECRET_KEY ?? Buffer.from(hkdfSync('sha256', config.SESSION_SECRET, 'brandloom', 'webhook signing secrets', 32)).toString('base64');
    this.cipher = new TokenCipher(key);
  }

  seal(secret: string, endpointId: string): string {
    return this.cipher.encrypt(secret, endpointId);
  }

  /** Throws TokenDecryptionError when the key changed or the row was tampered with. */
  open(sealed: string, endpointId: string): string {
    return this.cipher.decrypt(sealed, endpointId);
  }
}
