import { Module } from '@nestjs/common';
import { BrandProfilesService } from './brand-profiles.service';

@Module({ providers: [BrandProfilesService], exports: [BrandProfilesService] })
export class BrandProfilesModule {}
