import { CREDITS_MESSAGES, MAX_CREDITS_GRANT } from '@brandloom/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class AddCreditsDto {
  @ApiProperty({ minimum: 1, maximum: MAX_CREDITS_GRANT })
  @IsInt({ message: CREDITS_MESSAGES.invalidAmount })
  @Min(1, { message: CREDITS_MESSAGES.invalidAmount })
  @Max(MAX_CREDITS_GRANT, { message: `amount must be at most ${MAX_CREDITS_GRANT}` })
  amount: number;

  /** Shown in the ledger row's description. */
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  reason?: string;
}
