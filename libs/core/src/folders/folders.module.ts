import { Module } from '@nestjs/common';
import { FoldersRepository } from './folders.repository';
import { FoldersService } from './folders.service';

@Module({ providers: [FoldersRepository, FoldersService], exports: [FoldersRepository, FoldersService] })
export class FoldersModule {}
