import { WebhooksService, type WebhookActor } from '@brandloom/core';
import { Body, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import {
  CreatedWebhookEndpointResponse,
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
} from '../webhooks/dto/webhook.dto';
import { CurrentApiKey, RequireScope, type ApiKeyPrincipal } from './api-key.guard';
import { PublicApiController } from './public-api.decorator';

const actorOf = (key: ApiKeyPrincipal): WebhookActor => ({ userId: null, organizationId: key.organizationId, role: null, apiKeyId: key.apiKeyId });

/** The organization's webhook endpoints and their delivery log through the public API: the `webhooks` scope, the same rules as in Settings. */
@PublicApiController('webhooks')
@RequireScope('webhooks')
export class V1WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOkResponse({ type: [WebhookEndpointResponse] })
  list(@CurrentApiKey() key: ApiKeyPrincipal): Promise<WebhookEndpointResponse[]> {
    return this.webhooks.list(actorOf(key));
  }

  /** The answer carries the signing secret, which is never shown again. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: CreatedWebhookEndpointResponse })
  create(@CurrentApiKey() key: ApiKeyPrincipal, @Body() body: CreateWebhookEndpointBody): Promise<CreatedWebhookEndpointResponse> {
    return this.webhooks.create(actorOf(key), body);
  }

  @Patch(':id')
  @ApiOkResponse({ type: WebhookEndpointResponse })
  update(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string, @Body() body: UpdateWebhookEndpointBody): Promise<WebhookEndpointResponse> {
    return this.webhooks.update(actorOf(key), id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<void> {
    await this.webhooks.delete(actorOf(key), id);
  }

  /** Sends a `webhook.test` event now (answers at once with the pending attempt; the log shows its result). */
  @Post(':id/test')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  test(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<WebhookDeliveryResponse> {
    return this.webhooks.sendTest(actorOf(key), id);
  }

  /** Every attempt, newest first (the last 100). */
  @Get(':id/deliveries')
  @ApiOkResponse({ type: [WebhookDeliveryResponse] })
  deliveries(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string): Promise<WebhookDeliveryResponse[]> {
    return this.webhooks.deliveryLog(actorOf(key), id);
  }

  /** Sends the delivery's event again, with the same id and body. */
  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  resend(@CurrentApiKey() key: ApiKeyPrincipal, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<WebhookDeliveryResponse> {
    return this.webhooks.resend(actorOf(key), id, deliveryId);
  }
}
