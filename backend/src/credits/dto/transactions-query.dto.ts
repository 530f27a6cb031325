import { CREDIT_TRANSACTION_FILTERS, CreditTransactionFilter, TRANSACTIONS_MAX_LIMIT } from '@brandloom/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export class TransactionsCsvQueryDto {
  @ApiPropertyOptional({ enum: CREDIT_TRANSACTION_FILTERS, default: 'all' })
  @IsOptional()
  @IsIn(CREDIT_TRANSACTION_FILTERS, { message: `type must be one of: ${CREDIT_TRANSACTION_FILTERS.join(', ')}` })
  type?: CreditTransactionFilter;
}

export class TransactionsQueryDto extends TransactionsCsvQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: TRANSACTIONS_MAX_LIMIT, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be a whole number from 1 to ${TRANSACTIONS_MAX_LIMIT}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${TRANSACTIONS_MAX_LIMIT}` })
  @Max(TRANSACTIONS_MAX_LIMIT, { message: `limit must be a whole number from 1 to ${TRANSACTIONS_MAX_LIMIT}` })
  limit?: number;

  /** The x-next-cursor header of the previous page. */
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  cursor?: string;
}
