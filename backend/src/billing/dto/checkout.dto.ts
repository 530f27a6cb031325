import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class CheckoutDto {
  /** A product's stripe_price_id, as GET /api/stripe/products lists it. */
  @ApiProperty({ example: 'price_pro_monthly' })
  @IsString({ message: 'priceId is required' })
  @IsNotEmpty({ message: 'priceId is required' })
  @MaxLength(255)
  priceId: string;
}
