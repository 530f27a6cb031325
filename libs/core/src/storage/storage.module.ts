import { Inject, Injectable, Logger, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../infra/config/app-config';
import { LocalDiskStorage } from './drivers/local-disk.storage';
import { S3Storage } from './drivers/s3.storage';
import { BackgroundThumbnails } from './background-thumbnails';
import { ImageVariants } from './image-variants';
import { PublicImages } from './public-images';
import { STORAGE_DRIVER, StorageDriver } from './storage-driver';
import { createStorageDriver } from './storage.factory';

/** Logs which driver is in use, creates the bucket when asked to, and closes the S3 client at shutdown. */
@Injectable()
export class StorageLifecycle implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Storage');

  constructor(@Inject(STORAGE_DRIVER) private readonly driver: StorageDriver, private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    if (this.driver instanceof S3Storage) {
      if (this.config.S3_CREATE_BUCKET) await this.driver.ensureBucket();
      this.logger.log(`S3 storage: bucket ${this.driver.bucket}${this.config.S3_ENDPOINT ? ` at ${this.config.S3_ENDPOINT}` : ''}`);
    } else if (this.driver instanceof LocalDiskStorage) {
      this.logger.log(`Local disk storage: ${this.driver.root}`);
    }
  }

  onApplicationShutdown(): void {
    if (this.driver instanceof S3Storage) this.driver.destroy();
  }
}

/**
 * Provides STORAGE_DRIVER (local disk or S3, by config) and ImageVariants (thumbnails and bounded
 * decoding with IMAGE_MAX_INPUT_PIXELS). Needs AppConfig, which the global ConfigModule provides.
 */
@Module({
  providers: [
    { provide: STORAGE_DRIVER, inject: [AppConfig], useFactory: (config: AppConfig) => createStorageDriver(config) },
    { provide: ImageVariants, inject: [AppConfig], useFactory: (config: AppConfig) => new ImageVariants({ maxInputPixels: config.IMAGE_MAX_INPUT_PIXELS }) },
    BackgroundThumbnails,
    StorageLifecycle,
    PublicImages,
  ],
  exports: [STORAGE_DRIVER, ImageVariants, BackgroundThumbnails, PublicImages],
})
export class StorageModule {}
