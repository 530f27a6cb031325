import { Module } from '@nestjs/common';
import { AdResultsRepository } from './ad-results.repository';

/** The ad_results table, shared by the networks that store results and the figures every network's results make. */
@Module({ providers: [AdResultsRepository], exports: [AdResultsRepository] })
export class AdResultsModule {}
