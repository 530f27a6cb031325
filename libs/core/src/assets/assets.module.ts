import { Module } from '@nestjs/common';
import { FoldersModule } from '../folders/folders.module';
import { StorageModule } from '../storage/storage.module';
import { AssetLibraryService } from './asset-library.service';
import { AssetsRepository } from './assets.repository';
import { AssetsService } from './assets.service';

@Module({ imports: [StorageModule, FoldersModule], providers: [AssetsRepository, AssetsService, AssetLibraryService], exports: [AssetsRepository, AssetsService, AssetLibraryService, FoldersModule] })
export class AssetsModule {}
