import type { AdminMetaWarningDto, AdminMetaWarningMessageCode } from '@brandloom/contracts';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { graphVersionNotice, type GraphVersionNotice } from './meta-graph-versions';
import { MetaGraphWarningsRepository, type RetiredGraphKind } from './meta-graph-warnings.repository';

/** A Graph answer saying the version in use, or a field or call of it, is retired. */
export interface RetiredGraphAnswer {
  kind: RetiredGraphKind;
  graphVersion: string;
  code: number;
  /** Method and path with ids replaced by {id}, e.g. 'GET /{id}/campaigns'. */
  call: string;
  /** Meta's message without its '(#code)' prefix. */
  metaMessage: string;
}

const MESSAGE_MAX = 500;
const CALL_MAX = 200;
const LISTED_MAX = 50;

/**
 * What administrators must know about the Meta Graph API version: the version table's notice (at
 * start, in the log) and every retired-version or retired-field answer Meta gave (log line and a
 * row in meta_graph_warnings, shared by the API and worker processes). The admin dashboard lists
 * both for the version in use.
 */
@Injectable()
export class MetaGraphWarnings implements OnApplicationBootstrap {
  private readonly logger = new Logger('MetaGraph');

  constructor(
    private readonly config: AppConfig,
    private readonly warnings: MetaGraphWarningsRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.metaConfigured) return;
    const notice = graphVersionNotice(this.config.metaGraphVersionInUse);
    if (notice) this.logger.warn(noticeText(notice));
  }

  /** Logs the answer and counts it; a failure to store it never hides the error from its caller. */
  async record(answer: RetiredGraphAnswer): Promise<void> {
    this.logger.warn(answerText(answer));
    try {
      await this.warnings.countOccurrence({ ...answer, call: answer.call.slice(0, CALL_MAX), metaMessage: answer.metaMessage.slice(0, MESSAGE_MAX) });
    } catch (error) {
      this.logger.error(`could not record the Meta warning: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The warnings that concern the version in use (older versions' rows stay, unseen, after an update). */
  async forAdministrators(today = new Date()): Promise<AdminMetaWarningDto[]> {
    if (!this.config.metaConfigured) return [];
    const version = this.config.metaGraphVersionInUse;
    const notice = graphVersionNotice(version, today);
    const rows = await this.warnings.findForVersion(version, LISTED_MAX);
    const warnings: AdminMetaWarningDto[] = rows.map((row) => ({
      kind: row.kind,
      graphVersion: row.graph_version,
      message: answerText({ kind: row.kind, graphVersion: row.graph_version, code: row.code, call: row.call, metaMessage: row.meta_message }),
      messageCode: row.kind === 'version_retired' ? 'call_refused_retired_version' : 'call_refused_retired_feature',
      messageValues: { expiresOn: null, metaMessage: row.meta_message },
      code: row.code,
      call: row.call,
      occurrences: row.occurrences,
      firstSeenAt: new Date(row.first_seen_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
    }));
    if (notice) {
      warnings.unshift({
        kind: 'version_expiring',
        graphVersion: version,
        message: noticeText(notice),
        messageCode: noticeCode(notice),
        messageValues: { expiresOn: notice.expiresOn, metaMessage: null },
        code: null,
        call: null,
        occurrences: 0,
        firstSeenAt: null,
        lastSeenAt: null,
      });
    }
    return warnings;
  }
}

function noticeCode(notice: GraphVersionNotice): AdminMetaWarningMessageCode {
  if (!notice.expiresOn) return 'version_expired';
  return notice.expired ? 'version_expired_on' : 'version_expires_on';
}

function noticeText(notice: GraphVersionNotice): string {
  const when = notice.expiresOn ? (notice.expired ? `expired on ${notice.expiresOn}` : `expires on ${notice.expiresOn}`) : 'has expired';
  return `Meta Marketing API ${notice.version} ${when}: Meta refuses ads calls on an expired version. Set META_GRAPH_VERSION to a version Meta still serves (see README, "Real services").`;
}

function answerText(answer: RetiredGraphAnswer): string {
  const what = answer.kind === 'version_retired' ? `as a retired API version` : `as using a retired field or call`;
  const fix = answer.kind === 'version_retired' ? 'Set META_GRAPH_VERSION to a version Meta still serves.' : 'Brandloom must be updated for this version (or META_GRAPH_VERSION set to one it supports).';
  return `Meta refused ${answer.call} on Graph API ${answer.graphVersion} ${what} (code ${answer.code}): "${answer.metaMessage}". ${fix}`;
}
