export * from './entities/asset.entity';
export * from './assets.errors';
export * from './assets.service';
export * from './asset.mapper';
export * from './assets.module';
export * from './asset-cursor';
export * from './assets.repository';
export * from './asset-library.service';
