import { Module } from '@nestjs/common';
import { CreditsService } from './credits.service';
import { LowCreditsConsumer } from './low-credits.consumer';

@Module({ providers: [CreditsService, LowCreditsConsumer], exports: [CreditsService] })
export class CreditsModule {}
