import { CREDITS_MESSAGES, MAX_CREDITS_GRANT, type FieldProblem } from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Rule } from '../../common/rule';

const REASON_MAX_LENGTH = 200;

export class AddCreditsDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_CREDITS_GRANT })
  @Rule((value): string | FieldProblem | null => {
    if (!Number.isInteger(value) || (value as number) < 1) return CREDITS_MESSAGES.invalidAmount;
    return (value as number) > MAX_CREDITS_GRANT ? { code: 'too_large', message: `amount must be at most ${MAX_CREDITS_GRANT}`, params: { max: MAX_CREDITS_GRANT } } : null;
  })
  amount: number;

  /** Shown in the ledger row's description. */
  @ApiPropertyOptional({ maxLength: REASON_MAX_LENGTH })
  @IsOptional()
  @Rule((value) =>
    typeof value === 'string' && value.length <= REASON_MAX_LENGTH
      ? null
      : { code: 'too_long', message: `reason must be text of at most ${REASON_MAX_LENGTH} characters`, params: { max: REASON_MAX_LENGTH } },
  )
  reason?: string;
}
