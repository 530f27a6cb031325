import { Module } from '@nestjs/common';
import { GenerationModule } from '../generation/generation.module';
import { FolderDeletion } from './folder-deletion';

/** What spans the library's folders, assets and generations. */
@Module({ imports: [GenerationModule], providers: [FolderDeletion], exports: [FolderDeletion] })
export class LibraryModule {}
