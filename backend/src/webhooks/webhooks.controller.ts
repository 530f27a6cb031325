import { WebhooksService, type WebhookActor } from '@brandloom/core';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/current-user.decorator';
import { OrganizationGuard } from '../common/guards';
import type { SessionUser } from '../common/session-user';
import { ApiErrors } from '../openapi/openapi-document';
import {
  CreatedWebhookEndpointResponse,
  CreateWebhookEndpointBody,
  UpdateWebhookEndpointBody,
  WebhookDeliveryResponse,
  WebhookEndpointResponse,
} from './dto/webhook.dto';

const actorOf = (user: SessionUser): WebhookActor => ({ userId: user.id, organizationId: user.organizationId!, role: user.role });

/** The organization's webhook endpoints and their delivery log: owners and admins only, every change audited. */
@ApiTags('webhooks')
@Controller('webhooks')
@ApiErrors(403)
@UseGuards(OrganizationGuard)
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOkResponse({ type: [WebhookEndpointResponse] })
  list(@CurrentUser() user: SessionUser): Promise<WebhookEndpointResponse[]> {
    return this.webhooks.list(actorOf(user));
  }

  /** The answer carries the signing secret, which is never shown again. */
  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: CreatedWebhookEndpointResponse })
  create(@CurrentUser() user: SessionUser, @Body() body: CreateWebhookEndpointBody): Promise<CreatedWebhookEndpointResponse> {
    return this.webhooks.create(actorOf(user), body);
  }

  @Patch(':id')
  @ApiOkResponse({ type: WebhookEndpointResponse })
  update(@CurrentUser() user: SessionUser, @Param('id') id: string, @Body() body: UpdateWebhookEndpointBody): Promise<WebhookEndpointResponse> {
    return this.webhooks.update(actorOf(user), id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  async delete(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<void> {
    await this.webhooks.delete(actorOf(user), id);
  }

  /** Sends a `webhook.test` event now (answers at once with the pending attempt; the log shows its result). */
  @Post(':id/test')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  test(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<WebhookDeliveryResponse> {
    return this.webhooks.sendTest(actorOf(user), id);
  }

  /** Every attempt, newest first (the last 100). */
  @Get(':id/deliveries')
  @ApiOkResponse({ type: [WebhookDeliveryResponse] })
  deliveries(@CurrentUser() user: SessionUser, @Param('id') id: string): Promise<WebhookDeliveryResponse[]> {
    return this.webhooks.deliveryLog(actorOf(user), id);
  }

  /** Sends the delivery's event again, with the same id and body. */
  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: WebhookDeliveryResponse })
  resend(@CurrentUser() user: SessionUser, @Param('id') id: string, @Param('deliveryId') deliveryId: string): Promise<WebhookDeliveryResponse> {
    return this.webhooks.resend(actorOf(user), id, deliveryId);
  }
}
