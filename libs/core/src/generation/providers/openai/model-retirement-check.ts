import type { ModelWarningDto } from '@brandloom/contracts';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type OpenAI from 'openai';
import { AppConfig } from '../../../infra/config/app-config';
import { createOpenAiClient } from '../../../infra/openai/openai-client';
import { PROCESS_ROLE, ProcessRole } from '../../../infra/queue/process-role';
import { QueuePort } from '../../../infra/queue/queue.port';
import { GENERATION_JOBS } from '../../generation-jobs.names';

/** A configured model shutting down within this many days is announced. */
export const MODEL_RETIREMENT_NOTICE_DAYS = 60;
const CHECK_EVERY_MS = 24 * 3600 * 1000;
/** The same warning is logged again by a process after this long (the daily check logs it each day). */
const RELOG_AFTER_MS = 20 * 3600 * 1000;

/** The settings naming an OpenAI model, each with its use. */
const MODEL_SETTINGS = ['OPENAI_IMAGE_MODEL', 'OPENAI_IMAGE_EDIT_MODEL', 'OPENAI_OUTPAINT_MODEL', 'OPENAI_VISION_MODEL'] as const;
type ModelSetting = (typeof MODEL_SETTINGS)[number];
const DEFAULTS = new AppConfig();

export interface ModelCheckResult {
  checkedAt: string | null;
  warnings: ModelWarningDto[];
}

/**
 * Sees a model retirement before it bites: lists OpenAI's models (GET /v1/models, whose entries
 * carry `shutdown_date`) at start and daily in the worker, and warns about every configured model
 * that shuts down within 60 days or is no longer served: one log line per model, naming it, the
 * date and the replacement (the setting's default, the current model for that use), and the same
 * warnings for the admin dashboard.
 */
@Injectable()
export class ModelRetirementCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('ModelRetirement');
  private readonly client: OpenAI | null;
  private result: ModelCheckResult = { checkedAt: null, warnings: [] };
  private readonly loggedAt = new Map<string, number>();
  private inFlight = false;

  constructor(
    private readonly config: AppConfig,
    private readonly queue: QueuePort,
    @Inject(PROCESS_ROLE) private readonly role: ProcessRole,
  ) {
    this.client = config.OPENAI_API_KEY ? createOpenAiClient({ apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, timeoutMs: 15_000, maxRetries: 1 }) : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.client) return;
    if (this.role === 'worker' || this.config.queueDriver === 'in-process') await this.queue.schedule(GENERATION_JOBS.checkModels, CHECK_EVERY_MS);
    // In the background: a slow or unreachable API never delays the start.
    void this.check();
  }

  /**
   * The last check's warnings (the admin dashboard). An API process checks at start; when that is a
   * day old, the next look starts a fresh check in the background (the worker checks daily too).
   */
  latest(): ModelCheckResult {
    const checkedAt = this.result.checkedAt ? Date.parse(this.result.checkedAt) : null;
    if (this.client && !this.inFlight && checkedAt !== null && Date.now() - checkedAt > CHECK_EVERY_MS) void this.check();
    return this.result;
  }

  /** Lists the models and logs and keeps the warnings; a failed listing is logged and changes nothing. */
  async check(today: Date = new Date()): Promise<ModelCheckResult> {
    if (!this.client) return this.result;
    this.inFlight = true;
    try {
      return await this.listAndWarn(this.client, today);
    } finally {
      this.inFlight = false;
    }
  }

  private async listAndWarn(client: OpenAI, today: Date): Promise<ModelCheckResult> {
    let served: Map<string, string | null>;
    try {
      served = new Map();
      for await (const model of client.models.list()) served.set(model.id, (model as { shutdown_date?: string | null }).shutdown_date ?? null);
    } catch (error) {
      this.logger.warn(`could not list OpenAI's models to check the configured ones: ${(error as Error).message}`);
      return this.result;
    }
    const warnings = this.warningsFor(served, today);
    for (const warning of warnings) this.log(warning);
    this.result = { checkedAt: today.toISOString(), warnings };
    return this.result;
  }

  private warningsFor(served: Map<string, string | null>, today: Date): ModelWarningDto[] {
    const day = today.toISOString().slice(0, 10);
    const horizon = new Date(today.getTime() + MODEL_RETIREMENT_NOTICE_DAYS * 86_400_000).toISOString().slice(0, 10);
    const byModel = new Map<string, ModelSetting[]>();
    for (const setting of MODEL_SETTINGS) byModel.set(this.config[setting], [...(byModel.get(this.config[setting]) ?? []), setting]);
    const warnings: ModelWarningDto[] = [];
    for (const [model, settings] of byModel) {
      const gone = !served.has(model);
      const shutdownDate = gone ? null : (served.get(model) ?? null);
      if (!gone && (shutdownDate === null || shutdownDate > horizon)) continue;
      const replacement = replacementFor(model, settings);
      const what = gone ? `is no longer served by OpenAI (checked ${day})` : shutdownDate! <= day ? `was shut down on ${shutdownDate}` : `shuts down on ${shutdownDate}`;
      const message = `The OpenAI model ${model} (${settings.join(', ')}) ${what}; replacement: ${replacement}. Set ${settings.join(' and ')} to it${gone ? '' : ' before then'}.`;
      warnings.push({ model, settings: [...settings], shutdownDate, gone, replacement, message });
    }
    return warnings;
  }

  private log(warning: ModelWarningDto): void {
    const key = `${warning.model}:${warning.shutdownDate ?? 'gone'}`;
    const last = this.loggedAt.get(key);
    if (last !== undefined && Date.now() - last < RELOG_AFTER_MS) return;
    this.loggedAt.set(key, Date.now());
    this.logger.warn(warning.message);
  }
}

/** The current model for the setting's use (its default), or for several settings theirs in turn. */
function replacementFor(model: string, settings: readonly ModelSetting[]): string {
  const defaults = [...new Set(settings.map((setting) => DEFAULTS[setting]))].filter((candidate) => candidate !== model);
  return defaults.length > 0 ? defaults.join(' / ') : "a current model from OpenAI's deprecations page";
}
