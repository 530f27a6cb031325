import { AddCreditsResponse, CreditBalanceDto, CreditTransactionDto, NEXT_CURSOR_HEADER, TRANSACTIONS_DEFAULT_LIMIT } from '@brandloom/contracts';
import { CREDIT_TRANSACTIONS_CSV_HEADER, creditTransactionCsvLine, CreditsService, toCreditTransactionDto, toCsvLine } from '@brandloom/core';
import { Body, Controller, Get, Post, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { CurrentOrganizationId, CurrentUser } from '../common/current-user.decorator';
import { AdminGuard, OrganizationGuard } from '../common/guards';
import type { SessionUser } from '../common/session-user';
import { AddCreditsDto } from './dto/add-credits.dto';
import { TransactionsCsvQueryDto, TransactionsQueryDto } from './dto/transactions-query.dto';
import { v1Schema } from '../openapi/v1-schemas';

@ApiTags('credits')
@Controller('credits')
@UseGuards(OrganizationGuard)
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('balance')
  @ApiOkResponse({ schema: v1Schema('V1CreditBalance') })
  async balance(@CurrentOrganizationId() organizationId: string): Promise<CreditBalanceDto> {
    return { credits: await this.credits.balance(organizationId) };
  }

  /** Newest first; the x-next-cursor response header, passed back as `cursor`, gives the next page. */
  @Get('transactions')
  @ApiOkResponse({ schema: { type: 'array', items: v1Schema('V1CreditTransaction') } })
  async transactions(
    @CurrentOrganizationId() organizationId: string,
    @Query() query: TransactionsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreditTransactionDto[]> {
    const page = await this.credits.listTransactions(organizationId, {
      limit: query.limit ?? TRANSACTIONS_DEFAULT_LIMIT,
      type: query.type ?? 'all',
      cursor: query.cursor,
    });
    if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.transactions.map(toCreditTransactionDto);
  }

  @Get('transactions.csv')
  @ApiProduces('text/csv')
  csv(@CurrentOrganizationId() organizationId: string, @Query() query: TransactionsCsvQueryDto): StreamableFile {
    const pages = this.credits.allTransactions(organizationId, query.type ?? 'all');
    const lines = async function* () {
      yield toCsvLine([...CREDIT_TRANSACTIONS_CSV_HEADER]);
      for await (const page of pages) yield page.map(creditTransactionCsvLine).join('');
    };
    const date = new Date().toISOString().slice(0, 10);
    return new StreamableFile(Readable.from(lines()), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="brandloom-transactions-${date}.csv"`,
    });
  }

  @Post('add')
  @UseGuards(AdminGuard)
  @ApiCreatedResponse({ schema: { allOf: [v1Schema('V1CreditTransaction'), { type: 'object', required: ['balance'], properties: { balance: { type: 'integer', description: 'The balance after the grant' } } }] } })
  async add(@CurrentOrganizationId() organizationId: string, @CurrentUser() user: SessionUser, @Body() dto: AddCreditsDto): Promise<AddCreditsResponse> {
    const { transaction, balance } = await this.credits.grantByAdministrator(organizationId, user.id, dto.amount, dto.reason);
    return { ...toCreditTransactionDto(transaction), balance };
  }
}
