import type { AppConfig } from '../infra/config/app-config';
import { LocalDiskStorage } from './drivers/local-disk.storage';
import { S3Storage } from './drivers/s3.storage';
import type { StorageDriver } from './storage-driver';

export type StorageConfig = Pick<
  AppConfig,
  'STORAGE_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** S3 when S3_BUCKET is set, otherwise local disk under STORAGE_DIR. */
export function createStorageDriver(config: StorageConfig): StorageDriver {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStorage(config.STORAGE_DIR);
}
