import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_URL_MAX_LENGTH,
  type CreatedWebhookEndpointDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryStatus,
  type WebhookEndpointDto,
  type WebhookEventType,
} from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /api/webhooks. */
export class CreateWebhookEndpointBody {
  @ApiProperty({ maxLength: WEBHOOK_URL_MAX_LENGTH, example: 'https://example.com/brandloom-webhook', description: 'http(s); never a loopback, private, link-local or reserved address' })
  @IsString({ message: WEBHOOK_MESSAGES.urlInvalid }) @MaxLength(WEBHOOK_URL_MAX_LENGTH, { message: WEBHOOK_MESSAGES.urlTooLong })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, description: 'The events to receive (at least one)' })
  @IsArray({ message: WEBHOOK_MESSAGES.eventsRequired }) @ArrayMinSize(1, { message: WEBHOOK_MESSAGES.eventsRequired })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: WEBHOOK_MESSAGES.eventsRequired })
  events: WebhookEventType[];
}

/** PATCH /api/webhooks/{id}: any of the fields. Enabling clears why it was disabled. */
export class UpdateWebhookEndpointBody {
  @ApiPropertyOptional({ maxLength: WEBHOOK_URL_MAX_LENGTH })
  @IsOptional() @IsString({ message: WEBHOOK_MESSAGES.urlInvalid }) @MaxLength(WEBHOOK_URL_MAX_LENGTH, { message: WEBHOOK_MESSAGES.urlTooLong })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsOptional() @IsArray({ message: WEBHOOK_MESSAGES.eventsRequired }) @ArrayMinSize(1, { message: WEBHOOK_MESSAGES.eventsRequired })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: WEBHOOK_MESSAGES.eventsRequired })
  events?: WebhookEventType[];

  @ApiPropertyOptional()
  @IsOptional() @IsBoolean()
  enabled?: boolean;
}

export class WebhookEndpointResponse implements WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() url: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true }) events: WebhookEventType[];
  @ApiProperty() enabled: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'Why Brandloom disabled it (after repeated failure)' }) disabled_reason: string | null;
  @ApiProperty({ description: 'Failed attempts since the last success' }) consecutive_failures: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The user who created it' }) created_by: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class CreatedWebhookEndpointResponse extends WebhookEndpointResponse implements CreatedWebhookEndpointDto {
  @ApiProperty({ description: 'The signing secret (whsec_…), shown this once' }) secret: string;
}

export class WebhookDeliveryResponse implements WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'The event id: the same on every attempt and re-send' }) event_id: string;
  @ApiProperty() type: string;
  @ApiProperty() attempt: number;
  @ApiProperty({ description: 'A re-send or test event: not retried automatically' }) manual: boolean;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES }) status: WebhookDeliveryStatus;
  @ApiProperty({ type: Number, nullable: true, description: "The receiver's HTTP status code (null without an answer)" }) status_code: number | null;
  @ApiProperty({ type: Number, nullable: true }) duration_ms: number | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ format: 'date-time' }) scheduled_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) attempted_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the next automatic attempt is due' }) next_attempt_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at: string | null;
}
