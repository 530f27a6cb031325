import { Module } from '@nestjs/common';
import { PaidCallLimits } from './paid-call-limits';

/** Allowances of the routes that call paid or rate-limited third parties (Stripe, the ad networks, OpenAI vision). */
@Module({ providers: [PaidCallLimits], exports: [PaidCallLimits] })
export class PaidCallsModule {}
