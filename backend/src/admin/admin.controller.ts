import {
  ADMIN_CREDITS_MAX,
  ADMIN_MESSAGES,
  ADMIN_REASON_MAX_LENGTH,
  type AdminAuditDto,
  type AdminCreditTransactionDto,
  type AdminDashboardResponse,
  type AdminGrantResponse,
  type AdminOrganizationDto,
  type AdminUserDto,
  type AdminJobDto,
  type AdminMetricsResponse,
  type AdminModelUsageResponse,
  CREDIT_TRANSACTION_STATUSES,
  CREDIT_TRANSACTION_TYPES,
} from '@brandloom/contracts';
import { ADMIN_AUDIT_SORTS, ADMIN_CREDIT_SORTS, ADMIN_JOB_SORTS, ADMIN_ORGANIZATION_SORTS, ADMIN_USER_SORTS, AdminService } from '@brandloom/core';
import { BadRequestException, Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/current-user.decorator';
import { AdminGuard } from '../common/guards';
import { coded } from '../common/send-error';
import type { SessionUser } from '../common/session-user';
import { ORGANIZATION_FILTER, parseListQuery, setContentRange } from './react-admin-list';
import { appSchema } from '../openapi/app-schemas';
import { ApiErrors } from '../openapi/openapi-document';

const actor = (user: SessionUser) => ({ id: user.id, email: user.email });
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
function oneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !allowed.includes(value as T)) throw new BadRequestException(coded('admin_list_query_invalid', `filter.${name} must be one of ${allowed.join(', ')}`));
  return value as T;
}

/** react-admin's getOne: the one row a list narrowed to its id finds, or 404. */
const ONE = { sort: 'created_at', order: 'DESC', offset: 0, limit: 1 } as const;
function found<T>(page: { rows: T[] }, message: string): T {
  if (!page.rows[0]) throw new NotFoundException(coded('admin_not_found', message));
  return page.rows[0];
}

/** The admin console's API: every route requires is_admin (401 anonymous, 403 members). */
@ApiTags('admin')
@Controller('admin')
@ApiErrors(400)
@UseGuards(AdminGuard)
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('dashboard')
  @ApiOkResponse({ schema: appSchema('AdminDashboard') })
  dashboard(): Promise<AdminDashboardResponse> {
    return this.admin.dashboard();
  }

  @Get('users')
  @ApiOkResponse({ schema: { type: 'array', items: appSchema('AdminUser') } })
  async users(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<AdminUserDto[]> {
    const list = parseListQuery(query, ADMIN_USER_SORTS, { sort: 'created_at', order: 'DESC' }, ['q', ORGANIZATION_FILTER]);
    const page = await this.admin.users({ ...list, q: text(list.filter.q) });
    setContentRange(res, 'users', list.offset, page.rows.length, page.total);
    return page.rows;
  }

  @Get('users/:id')
  @ApiOkResponse({ schema: appSchema('AdminUser') })
  async user(@Param('id') id: string): Promise<AdminUserDto> {
    return found(await this.admin.users({ ...ONE, ids: [id] }), ADMIN_MESSAGES.userNotFound);
  }

  @Put('users/:userId/admin')
  @ApiErrors(409)
  @ApiBody({ schema: { type: 'object', required: ['is_admin'], properties: { is_admin: { type: 'boolean' } } } })
  @ApiOkResponse({ schema: appSchema('AdminUser') })
  setAdmin(@CurrentUser() user: SessionUser, @Param('userId') userId: string, @Body() body: { is_admin?: unknown }): Promise<AdminUserDto> {
    return this.admin.setAdmin(actor(user), userId, body?.is_admin);
  }

  @Get('organizations')
  @ApiOkResponse({ schema: { type: 'array', items: appSchema('AdminOrganization') } })
  async organizations(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<AdminOrganizationDto[]> {
    const list = parseListQuery(query, ADMIN_ORGANIZATION_SORTS, { sort: 'created_at', order: 'DESC' });
    const page = await this.admin.organizations({ ...list, q: text(list.filter.q) });
    setContentRange(res, 'organizations', list.offset, page.rows.length, page.total);
    return page.rows;
  }

  @Get('organizations/:id')
  @ApiOkResponse({ schema: appSchema('AdminOrganization') })
  async organization(@Param('id') id: string): Promise<AdminOrganizationDto> {
    return found(await this.admin.organizations({ ...ONE, ids: [id] }), ADMIN_MESSAGES.organizationNotFound);
  }

  /** A grant (credits > 0) or a correction (credits < 0, never below zero), with a reason. */
  @Post('organizations/:orgId/credits')
  @HttpCode(200)
  @ApiBody({
    schema: {
      type: 'object',
      required: ['credits', 'reason'],
      properties: { credits: { type: 'integer', minimum: -ADMIN_CREDITS_MAX, maximum: ADMIN_CREDITS_MAX, description: 'not 0' }, reason: { type: 'string', maxLength: ADMIN_REASON_MAX_LENGTH } },
    },
  })
  @ApiOkResponse({ schema: appSchema('AdminGrant') })
  credits(@CurrentUser() user: SessionUser, @Param('orgId') orgId: string, @Body() body: { credits?: unknown; reason?: unknown }): Promise<AdminGrantResponse> {
    return this.admin.adjustCredits(actor(user), orgId, body?.credits, body?.reason);
  }

  @Get('credits')
  @ApiOkResponse({ schema: { type: 'array', items: appSchema('AdminCreditTransaction') } })
  async creditTransactions(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<AdminCreditTransactionDto[]> {
    const list = parseListQuery(query, ADMIN_CREDIT_SORTS, { sort: 'created_at', order: 'DESC' }, ['q', 'status', 'type', ORGANIZATION_FILTER]);
    const page = await this.admin.creditTransactions({
      ...list,
      q: text(list.filter.q),
      status: oneOf('status', list.filter.status, CREDIT_TRANSACTION_STATUSES),
      type: oneOf('type', list.filter.type, CREDIT_TRANSACTION_TYPES),
    });
    setContentRange(res, 'credits', list.offset, page.rows.length, page.total);
    return page.rows;
  }

  @Get('credits/:id')
  @ApiOkResponse({ schema: appSchema('AdminCreditTransaction') })
  async creditTransaction(@Param('id') id: string): Promise<AdminCreditTransactionDto> {
    return found(await this.admin.creditTransactions({ ...ONE, ids: [id] }), ADMIN_MESSAGES.creditTransactionNotFound);
  }

  @Get('audit')
  @ApiOkResponse({ schema: { type: 'array', items: appSchema('AdminAuditEntry') } })
  async audit(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<AdminAuditDto[]> {
    const list = parseListQuery(query, ADMIN_AUDIT_SORTS, { sort: 'created_at', order: 'DESC' }, ['q', 'action']);
    const page = await this.admin.auditLog({ ...list, q: text(list.filter.q), action: text(list.filter.action) });
    setContentRange(res, 'audit', list.offset, page.rows.length, page.total);
    return page.rows;
  }

  @Get('audit/:id')
  @ApiOkResponse({ schema: appSchema('AdminAuditEntry') })
  async auditEntry(@Param('id') id: string): Promise<AdminAuditDto> {
    return found(await this.admin.auditLog({ ...ONE, ids: [id] }), ADMIN_MESSAGES.auditEntryNotFound);
  }

  /** Every kind of background work (generations, extractions, format jobs, Meta pushes, events) by state, or one by id (from PostgreSQL, with or without Redis). */
  @Get('jobs')
  @ApiOkResponse({ schema: { type: 'array', items: appSchema('AdminJob') } })
  async jobs(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<AdminJobDto[]> {
    const list = parseListQuery(query, ADMIN_JOB_SORTS, { sort: 'created_at', order: 'DESC' }, ['kind', 'state', 'id', ORGANIZATION_FILTER]);
    const state = list.filter.state;
    if (state !== undefined && (typeof state !== 'string' || !/^[a-z]{1,20}$/.test(state))) throw new BadRequestException(coded('admin_list_query_invalid', 'filter.state must be a state name'));
    // One id typed in the console's filter names a job (a bare id: of any kind); a list of ids is react-admin's getMany.
    const job = typeof list.filter.id === 'string' ? text(list.filter.id) : undefined;
    const page = await this.admin.jobs({ ...list, ids: job === undefined ? list.ids : undefined, kind: list.filter.kind, state: state || undefined, job });
    setContentRange(res, 'jobs', list.offset, page.rows.length, page.total);
    return page.rows;
  }

  /** One job by its id (`generation:<uuid>`, `event:<number>`, ...). */
  @Get('jobs/:id')
  @ApiOkResponse({ schema: appSchema('AdminJob') })
  async job(@Param('id') id: string): Promise<AdminJobDto> {
    return found(await this.admin.jobs({ ...ONE, ids: [id] }), ADMIN_MESSAGES.jobNotFound);
  }

  /** Gives a parked event another run of attempts, or a failed generation another run: once (409 after). */
  @Post('jobs/:kind/:id/retry')
  @ApiErrors(409)
  @HttpCode(200)
  @ApiOkResponse({ schema: appSchema('Message') })
  retry(@CurrentUser() user: SessionUser, @Param('kind') kind: string, @Param('id') id: string): Promise<{ message: string }> {
    return this.admin.retryJob(actor(user), kind, id);
  }

  @Get('metrics')
  @ApiOkResponse({ schema: appSchema('AdminMetrics') })
  metrics(@Query('days') days?: string): Promise<AdminMetricsResponse> {
    return this.admin.metrics(days ?? '30');
  }

  /** Images and estimated spend per provider, model and day (generations and AI extend). */
  @Get('model-usage')
  @ApiOkResponse({ schema: appSchema('AdminModelUsage') })
  modelUsage(@Query('days') days?: string): Promise<AdminModelUsageResponse> {
    return this.admin.modelUsage(days ?? '30');
  }
}
