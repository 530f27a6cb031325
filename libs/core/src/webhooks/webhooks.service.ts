import {
  canManageTeam,
  type CreatedWebhookEndpointDto,
  type CreateWebhookEndpointRequest,
  type MembershipRole,
  type UpdateWebhookEndpointRequest,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_ENDPOINTS_PER_ORGANIZATION,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT_TYPE,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
  type WebhookEventType,
  isUuid,
} from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../infra/config/app-config';
import { assertPublicHttpUrl, isForbiddenAddress, LOOPBACK_ADDRESSES, UnsafeUrlError } from '../infra/http/ssrf-guard';
import { OutboxService } from '../infra/outbox/outbox.service';
import type { WebhookEndpoint } from './entities/webhook-endpoint.entity';
import { toWebhookDeliveryDto, toWebhookEndpointDto } from './webhook.mapper';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { WebhookSecrets } from './webhook-secrets';
import { newWebhookSecret } from './webhook-signature';
import { WEBHOOK_EVENTS } from './webhooks.events';
import {
  WebhookDeliveryNotFoundError,
  WebhookEndpointLimitError,
  WebhookEndpointNotFoundError,
  WebhookPermissionError,
  WebhookUrlRefusedError,
  WebhookValidationError,
} from './webhooks.errors';

/**
 * Who is asking: a signed-in user in an organization, with a role there, or an API key of the
 * organization holding the `webhooks` scope (apiKeyId set, no user).
 */
export type WebhookActor = { userId: string; organizationId: string; role: MembershipRole | null; apiKeyId?: undefined } | { userId: null; organizationId: string; role: null; apiKeyId: string };

/** The actor as the audited events name it. */
const doneBy = (actor: WebhookActor) => (actor.apiKeyId ? { userId: null, apiKeyId: actor.apiKeyId } : { userId: actor.userId });

/** How long creation waits for DNS when checking where a host name points. */
const DNS_CHECK_TIMEOUT_MS = 3000;

/** An organization's endpoints and their delivery log, managed by its owners and admins; every change is audited. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly secrets: WebhookSecrets,
    private readonly outbox: OutboxService,
  ) {}

  async list(actor: WebhookActor): Promise<WebhookEndpointDto[]> {
    assertManager(actor);
    return (await this.endpoints.findForOrganization(actor.organizationId)).map(toWebhookEndpointDto);
  }

  /** The new endpoint with its signing secret, which is never shown again. */
  async create(actor: WebhookActor, input: CreateWebhookEndpointRequest): Promise<CreatedWebhookEndpointDto> {
    assertManager(actor);
    const url = await this.checkUrl(input.url);
    const events = checkEvents(input.events);
    const id = randomUUID();
    const secret = newWebhookSecret();
    const endpoint = await this.dataSource.transaction(async (m) => {
      if ((await this.endpoints.countForOrganization(actor.organizationId, m)) >= WEBHOOK_ENDPOINTS_PER_ORGANIZATION) throw new WebhookEndpointLimitError();
      const row = await this.endpoints.insert({ id, organization_id: actor.organizationId, url, events, secret_sealed: this.secrets.seal(secret, id), created_by: actor.userId }, m);
      await this.outbox.record(m, WEBHOOK_EVENTS.endpointCreated, { endpointId: id, ...doneBy(actor), url, events }, actor.organizationId);
      return row;
    });
    return { ...toWebhookEndpointDto(endpoint), secret };
  }

  async update(actor: WebhookActor, id: string, input: UpdateWebhookEndpointRequest): Promise<WebhookEndpointDto> {
    assertManager(actor);
    if (input.url === undefined && input.events === undefined && input.enabled === undefined) throw new WebhookValidationError(WEBHOOK_MESSAGES.nothingToUpdate);
    const changes = {
      ...(input.url !== undefined ? { url: await this.checkUrl(input.url) } : {}),
      ...(input.events !== undefined ? { events: checkEvents(input.events) } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled === true } : {}),
    };
    const endpoint = await this.dataSource.transaction(async (m) => {
      const row = await this.endpoints.update(actor.organizationId, endpointId(id), changes, m);
      if (!row) throw new WebhookEndpointNotFoundError();
      await this.outbox.record(m, WEBHOOK_EVENTS.endpointUpdated, { endpointId: row.id, ...doneBy(actor), url: row.url, changes }, actor.organizationId);
      return row;
    });
    return toWebhookEndpointDto(endpoint);
  }

  async delete(actor: WebhookActor, id: string): Promise<void> {
    assertManager(actor);
    await this.dataSource.transaction(async (m) => {
      const endpoint = await this.endpoints.findInOrganization(actor.organizationId, endpointId(id), m, true);
      if (!endpoint) throw new WebhookEndpointNotFoundError();
      await this.endpoints.delete(actor.organizationId, endpoint.id, m);
      await this.outbox.record(m, WEBHOOK_EVENTS.endpointDeleted, { endpointId: endpoint.id, ...doneBy(actor), url: endpoint.url }, actor.organizationId);
    });
  }

  /** 'Send test event': one `webhook.test` delivery (also to a disabled endpoint), not retried. */
  async sendTest(actor: WebhookActor, id: string): Promise<WebhookDeliveryDto> {
    assertManager(actor);
    const delivery = await this.dataSource.transaction(async (m) => {
      const endpoint = await this.find(actor, id);
      const event = { id: randomUUID(), type: WEBHOOK_TEST_EVENT_TYPE, created: Math.floor(Date.now() / 1000), data: { endpoint_id: endpoint.id, message: 'A test event from Brandloom' } };
      const [row] = await this.deliveries.insertPending(
        [{ endpoint_id: endpoint.id, organization_id: actor.organizationId, event_id: event.id, type: event.type, body: JSON.stringify(event), attempt: 1, manual: true, scheduled_at: new Date() }],
        m,
      );
      await this.outbox.record(m, WEBHOOK_EVENTS.testRequested, { endpointId: endpoint.id, ...doneBy(actor), url: endpoint.url, deliveryId: row.id }, actor.organizationId);
      return row;
    });
    await this.dispatcher.enqueue([delivery]);
    return toWebhookDeliveryDto(delivery);
  }

  /** The endpoint's attempts, newest first. */
  async deliveryLog(actor: WebhookActor, id: string): Promise<WebhookDeliveryDto[]> {
    assertManager(actor);
    const endpoint = await this.find(actor, id);
    return (await this.deliveries.findForEndpoint(actor.organizationId, endpoint.id, WEBHOOK_DELIVERIES_PAGE_SIZE)).map(toWebhookDeliveryDto);
  }

  /** Sends a logged event again, now, with the same id and body (signed anew); not retried. */
  async resend(actor: WebhookActor, id: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    assertManager(actor);
    const delivery = await this.dataSource.transaction(async (m) => {
      const endpoint = await this.find(actor, id);
      const original = isUuid(deliveryId) ? await this.deliveries.findInOrganization(actor.organizationId, endpoint.id, deliveryId, m) : null;
      if (!original) throw new WebhookDeliveryNotFoundError();
      const attempt = await this.deliveries.nextAttemptNumber(endpoint.id, original.event_id, m);
      const [row] = await this.deliveries.insertPending(
        [{ endpoint_id: endpoint.id, organization_id: actor.organizationId, event_id: original.event_id, type: original.type, body: original.body, attempt, manual: true, scheduled_at: new Date() }],
        m,
      );
      await this.outbox.record(m, WEBHOOK_EVENTS.deliveryResent, { endpointId: endpoint.id, ...doneBy(actor), url: endpoint.url, deliveryId: row.id, eventId: original.event_id }, actor.organizationId);
      return row;
    });
    await this.dispatcher.enqueue([delivery]);
    return toWebhookDeliveryDto(delivery);
  }

  private async find(actor: WebhookActor, id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.findInOrganization(actor.organizationId, endpointId(id));
    if (!endpoint) throw new WebhookEndpointNotFoundError();
    return endpoint;
  }

  /**
   * The SSRF guard at creation: http(s), no credentials, no loopback, private, link-local or
   * reserved literal address or local name, and a host name that does not resolve to one. A name
   * that does not resolve yet is accepted: every delivery checks the address again after DNS.
   */
  private async checkUrl(raw: unknown): Promise<string> {
    if (typeof raw !== 'string' || raw.trim() === '') throw new WebhookValidationError(WEBHOOK_MESSAGES.urlInvalid);
    const text = raw.trim();
    if (text.length > WEBHOOK_URL_MAX_LENGTH) throw new WebhookValidationError(WEBHOOK_MESSAGES.urlTooLong);
    const allow = new Set(this.config.WEBHOOK_ALLOW_LOOPBACK ? LOOPBACK_ADDRESSES : []);
    let url: URL;
    try {
      url = assertPublicHttpUrl(text, allow);
    } catch (error) {
      if (error instanceof UnsafeUrlError && error.reason === 'blocked') throw new WebhookUrlRefusedError(error.message);
      throw new WebhookValidationError(WEBHOOK_MESSAGES.urlInvalid);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!isIP(host)) {
      const addresses = await resolve(host);
      const forbidden = addresses.find((address) => isForbiddenAddress(address) && !allow.has(address));
      if (forbidden) throw new WebhookUrlRefusedError(`The host ${host} resolves to ${forbidden}`);
    }
    return url.toString();
  }
}

function assertManager(actor: WebhookActor): void {
  // A key's scopes were granted by an owner or admin (only they create keys); its scope is checked where it is presented.
  if (actor.apiKeyId) return;
  if (!canManageTeam(actor.role)) throw new WebhookPermissionError();
}

/** A malformed id reads as an unknown endpoint (404), as another organization's does. */
function endpointId(id: string): string {
  if (!isUuid(id)) throw new WebhookEndpointNotFoundError();
  return id;
}

function checkEvents(events: unknown): WebhookEventType[] {
  if (!Array.isArray(events) || events.length === 0 || !events.every((e) => (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(e))) {
    throw new WebhookValidationError(WEBHOOK_MESSAGES.eventsRequired);
  }
  return WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
}

/** The host's addresses, or none when DNS does not answer in time. */
async function resolve(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((done) => {
    timer = setTimeout(() => done([]), DNS_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([lookup(host, { all: true }).then((list) => list.map((entry) => entry.address), () => []), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
