import { ApiProperty } from '@nestjs/swagger';
import { Rule } from '../../common/rule';

const PRICE_ID_MAX_LENGTH = 255;

export class CheckoutDto {
  /** A product's stripe_price_id, as GET /api/stripe/products lists it. */
  @ApiProperty({ example: 'price_pro_monthly', maxLength: PRICE_ID_MAX_LENGTH })
  @Rule((value) => {
    if (typeof value !== 'string' || value.trim() === '') return 'priceId is required';
    return value.length > PRICE_ID_MAX_LENGTH ? `priceId must be at most ${PRICE_ID_MAX_LENGTH} characters` : null;
  })
  priceId: string;
}
