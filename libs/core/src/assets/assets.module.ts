import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { AssetsService } from './assets.service';

@Module({ imports: [StorageModule], providers: [AssetsService], exports: [AssetsService] })
export class AssetsModule {}
