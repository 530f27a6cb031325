import { WEBHOOK_SIGNATURE_HEADER } from '@brandloom/contracts';
import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: the value of the Brandloom-Signature header. */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The headers of one delivery. */
export function webhookHeaders(secret: string, body: string, eventId: string, now = new Date()): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Brandloom-Webhooks/1.0',
    [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: webhookSignature(secret, body, Math.floor(now.getTime() / 1000)),
    'brandloom-event-id': eventId,
  };
}
