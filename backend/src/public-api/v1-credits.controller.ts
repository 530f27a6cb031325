import { TRANSACTIONS_DEFAULT_LIMIT, type ApiPage, type CreditBalanceDto, type CreditTransactionDto } from '@brandloom/contracts';
import { CreditsService, toCreditTransactionDto } from '@brandloom/core';
import { Get, Query } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { TransactionsQueryDto } from '../credits/dto/transactions-query.dto';
import { v1Schema } from '../openapi/v1-schemas';
import { CurrentApiKey, type ApiKeyPrincipal } from './api-key.guard';
import { PublicApiController } from './public-api.decorator';

/** The organization's credits: any key may read them (every scope's work spends or shows them). */
@PublicApiController('credits')
export class V1CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get('balance')
  @ApiOkResponse({ schema: v1Schema('V1CreditBalance') })
  async balance(@CurrentApiKey() key: ApiKeyPrincipal): Promise<CreditBalanceDto> {
    return { credits: await this.credits.balance(key.organizationId) };
  }

  /** The ledger, newest first (`type`: all, purchase, usage, bonus, refund). */
  @Get('transactions')
  @ApiOkResponse({ schema: v1Schema('V1CreditTransactionPage') })
  async transactions(@CurrentApiKey() key: ApiKeyPrincipal, @Query() query: TransactionsQueryDto): Promise<ApiPage<CreditTransactionDto>> {
    const page = await this.credits.listTransactions(key.organizationId, { limit: query.limit ?? TRANSACTIONS_DEFAULT_LIMIT, type: query.type ?? 'all', cursor: query.cursor });
    return { data: page.transactions.map(toCreditTransactionDto), next_cursor: page.nextCursor };
  }
}
