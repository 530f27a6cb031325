import { StripeWebhookService } from '@brandloom/core';
import { Controller, Headers, HttpCode, Post, RawBodyRequest, Req } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { Request } from 'express';

/** Called by Stripe: no session, no Origin; the signature over the raw body is the authentication. */
@Controller('stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  webhook(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    return this.webhooks.handle(req.rawBody, signature);
  }
}
