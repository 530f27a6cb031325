export * from './storage-driver';
export * from './storage-key';
export * from './content-sniffing';
export * from './image-variants';
export * from './drivers/local-disk.storage';
export * from './drivers/s3.storage';
export * from './storage.factory';
export * from './storage.module';
