export * from './entities/folder.entity';
export * from './folders.errors';
export * from './folders.service';
export * from './folders.repository';
export * from './folder.mapper';
export * from './folders.module';
