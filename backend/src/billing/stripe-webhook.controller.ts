import { StripeWebhookService } from '@brandloom/core';
import { Controller, Headers, HttpCode, Post, RawBodyRequest, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrors } from '../openapi/openapi-document';

/** Called by Stripe: no session, no Origin; the signature over the raw body is the authentication. */
@ApiTags('billing')
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: 'Stripe’s signature over the raw body (the body is a Stripe event)' })
  @ApiOkResponse({ schema: { type: 'object', required: ['received'], properties: { received: { type: 'boolean', enum: [true] } } } })
  // 400: the signature does not verify; 502: handling the event failed (Stripe retries); 503: billing is not configured.
  @ApiErrors(400, 502, 503)
  webhook(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    return this.webhooks.handle(req.rawBody, signature);
  }
}
