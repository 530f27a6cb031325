import {
  API_KEY_DISPLAY_LENGTH,
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_PREFIXES,
  API_KEY_SCOPES,
  API_KEYS_MAX_PER_ORGANIZATION,
  canManageTeam,
  isUuid,
  type ApiKeyDto,
  type ApiKeyScope,
  type CreatedApiKeyDto,
  type MembershipRole,
} from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../infra/config/app-config';
import { OutboxService } from '../infra/outbox/outbox.service';
import { API_KEY_EVENTS } from './api-keys.events';
import { ApiKeyInvalidError, ApiKeyLimitError, ApiKeyNotFoundError, ApiKeyPermissionError, ApiKeyValidationError } from './api-keys.errors';
import { ApiKeysRepository, type ActiveApiKey, type ApiKeyWithCreator } from './api-keys.repository';

/** Who manages keys: a member of the organization with a role (owners and admins may). */
export interface ApiKeyActor {
  userId: string;
  organizationId: string;
  role: MembershipRole | null;
}

/** Random bytes of a key: 256 bits, 43 base64url characters. */
const KEY_RANDOM_BYTES = 32;
/** What a presented key must look like before the database is asked. */
const KEY_SHAPE = /^bl_(live|test)_[A-Za-z0-9_-]{43}$/;

/** A key's stored form: its SHA-256 (a key is 256 random bits, so no slow hash is needed). */
export const hashApiKey = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/**
 * Keys to the public API: owners and admins create them (the key is shown once, only its hash is
 * kept), list and revoke them; each creation and revocation is an audited event. Requests to
 * /api/v1 are authenticated here.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly keys: ApiKeysRepository,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
  ) {}

  async create(actor: ApiKeyActor, input: { name: unknown; scopes: unknown }): Promise<CreatedApiKeyDto> {
    assertManager(actor);
    const name = validName(input.name);
    const scopes = validScopes(input.scopes);
    const key = `${this.config.NODE_ENV === 'production' ? API_KEY_PREFIXES.live : API_KEY_PREFIXES.test}${randomBytes(KEY_RANDOM_BYTES).toString('base64url')}`;
    const prefix = key.slice(0, API_KEY_DISPLAY_LENGTH);
    const created = await this.dataSource.transaction(async (m) => {
      await this.keys.lockOrganizationKeys(actor.organizationId, m);
      if ((await this.keys.countActive(actor.organizationId, m)) >= API_KEYS_MAX_PER_ORGANIZATION) throw new ApiKeyLimitError();
      const row = await this.keys.insert({ organizationId: actor.organizationId, createdBy: actor.userId, name, prefix, keyHash: hashApiKey(key), scopes }, m);
      await this.outbox.record(m, API_KEY_EVENTS.apiKeyCreated, { apiKeyId: row.id, name, prefix, scopes, userId: actor.userId }, actor.organizationId);
      return row;
    });
    const [listed] = (await this.keys.listActiveWithCreators(actor.organizationId)).filter((row) => row.id === created.id);
    return { ...toApiKeyDto(listed ?? { ...created, creator_email: null, creator_username: null }), key };
  }

  async list(actor: ApiKeyActor): Promise<ApiKeyDto[]> {
    assertManager(actor);
    return (await this.keys.listActiveWithCreators(actor.organizationId)).map(toApiKeyDto);
  }

  /** Revokes the key at once: its next request answers 401 like an unknown key. */
  async revoke(actor: ApiKeyActor, id: string): Promise<void> {
    assertManager(actor);
    if (!isUuid(id)) throw new ApiKeyNotFoundError();
    await this.dataSource.transaction(async (m) => {
      const revoked = await this.keys.revoke(actor.organizationId, id, actor.userId, m);
      if (!revoked) throw new ApiKeyNotFoundError();
      await this.outbox.record(m, API_KEY_EVENTS.apiKeyRevoked, { apiKeyId: revoked.id, name: revoked.name, prefix: revoked.prefix, userId: actor.userId }, actor.organizationId);
    });
  }

  /** The active key a request presents (its last use recorded), or ApiKeyInvalidError for anything else. */
  async authenticate(presented: string): Promise<ActiveApiKey> {
    if (!KEY_SHAPE.test(presented)) throw new ApiKeyInvalidError();
    const key = await this.keys.findActiveByHashAndTouch(hashApiKey(presented));
    if (!key) throw new ApiKeyInvalidError();
    return key;
  }
}

function assertManager(actor: ApiKeyActor): void {
  if (!canManageTeam(actor.role)) throw new ApiKeyPermissionError();
}

function validName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw new ApiKeyValidationError(API_KEY_MESSAGES.nameRequired);
  if ([...name].length > API_KEY_NAME_MAX_LENGTH) throw new ApiKeyValidationError(API_KEY_MESSAGES.nameTooLong);
  return name;
}

function validScopes(value: unknown): ApiKeyScope[] {
  if (!Array.isArray(value) || value.length === 0) throw new ApiKeyValidationError(API_KEY_MESSAGES.scopesRequired);
  if (!value.every((scope) => (API_KEY_SCOPES as readonly unknown[]).includes(scope))) throw new ApiKeyValidationError(API_KEY_MESSAGES.scopeUnknown);
  // In the canonical order, each once.
  return API_KEY_SCOPES.filter((scope) => value.includes(scope));
}

export function toApiKeyDto(row: Omit<ApiKeyWithCreator, 'organization_id' | 'revoked_at' | 'revoked_by'>): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_by: row.created_by && row.creator_email ? { id: row.created_by, email: row.creator_email, username: row.creator_username ?? '' } : null,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}
