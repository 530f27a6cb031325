import { META_MESSAGES, type MetaDataDeletionResponse, type MetaDataDeletionStatusDto } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../infra/config/app-config';
import { MetaConnectionsRepository } from './meta-connections.repository';
import { MetaDataDeletionsRepository } from './meta-data-deletions.repository';
import { MetaPushesRepository } from './meta-pushes.repository';
import { MetaInvalidRequestError, MetaNotConfiguredError, MetaNotFoundError } from './meta.errors';

const MAX_SIGNED_REQUEST_LENGTH = 8192;
const CODE = /^[A-Za-z0-9]{8,32}$/;

/**
 * Meta's data-deletion callback: a signed_request (HMAC-SHA256 with the app secret) names a Meta
 * user; every organization's token, cached accounts and push history of that user are deleted,
 * and the answer points at a public status page keyed by a confirmation code.
 */
@Injectable()
export class MetaDataDeletionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly connections: MetaConnectionsRepository,
    private readonly pushes: MetaPushesRepository,
    private readonly deletions: MetaDataDeletionsRepository,
  ) {}

  async handle(signedRequest: unknown): Promise<MetaDataDeletionResponse> {
    if (!this.config.metaConfigured) throw new MetaNotConfiguredError();
    const metaUserId = this.verify(signedRequest);
    const code = randomBytes(12).toString('hex').toUpperCase().slice(0, 16);
    await this.dataSource.transaction(async (m) => {
      await this.connections.deleteForMetaUser(metaUserId, m);
      await this.pushes.deleteForMetaUser(metaUserId, m);
      await this.deletions.insertCompleted(code, metaUserId, m);
    });
    return { url: `${this.config.appUrl}/meta-deletion?code=${code}`, confirmation_code: code };
  }

  async status(code: string): Promise<MetaDataDeletionStatusDto> {
    const row = CODE.test(code) ? await this.deletions.findByCode(code) : null;
    if (!row) throw new MetaNotFoundError(META_MESSAGES.deletionNotFound);
    return {
      confirmation_code: row.confirmation_code,
      status: row.status,
      requested_at: new Date(row.requested_at).toISOString(),
      completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    };
  }

  /** The Meta user id of a valid signed_request; 400 for anything else. */
  private verify(signedRequest: unknown): string {
    const invalid = () => new MetaInvalidRequestError(META_MESSAGES.invalidSignedRequest);
    if (typeof signedRequest !== 'string' || signedRequest.length > MAX_SIGNED_REQUEST_LENGTH) throw invalid();
    const [signature, payload, extra] = signedRequest.split('.');
    if (!signature || !payload || extra !== undefined) throw invalid();
    const expected = createHmac('sha256', this.config.META_APP_SECRET!).update(payload).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let data: { algorithm?: unknown; user_id?: unknown };
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    if (String(data?.algorithm).toUpperCase() !== 'HMAC-SHA256') throw invalid();
    const userId = typeof data.user_id === 'number' ? String(data.user_id) : data.user_id;
    if (typeof userId !== 'string' || !/^[0-9A-Za-z_-]{1,64}$/.test(userId)) throw invalid();
    return userId;
  }
}
