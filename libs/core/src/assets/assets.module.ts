import { Module } from '@nestjs/common';
import { FoldersModule } from '../folders/folders.module';
import { StorageModule } from '../storage/storage.module';
import { AssetLibraryService } from './asset-library.service';
import { AssetsService } from './assets.service';
import { AssetsRepository } from './assets.repository';

@Module({ imports: [StorageModule, FoldersModule], providers: [AssetsService, AssetLibraryService, AssetsRepository], exports: [AssetsService, AssetLibraryService, AssetsRepository, FoldersModule] })
export class AssetsModule {}
