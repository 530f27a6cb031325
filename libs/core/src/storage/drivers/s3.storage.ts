import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { PutResult, StorageDriver, StorageNotFoundError, StoredObject } from '../storage-driver';
import { assertValidStorageKey, contentTypeForKey } from '../storage-key';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Endpoint override for MinIO and other S3-compatible servers. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Prefix every key with this (no leading or trailing slash), e.g. to share a bucket. */
  prefix?: string;
}

/** Objects in one S3 bucket (AWS, MinIO or any S3-compatible server) through @aws-sdk/client-s3. */
export class S3Storage implements StorageDriver {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
      throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
    }
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: MinIO and older S3-compatible servers
      // do not all understand the SDK's default CRC32 trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<PutResult> {
    const answer = await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
        ContentMD5: createHash('md5').update(body).digest('base64'),
      }),
    );
    return { key, size: body.length, etag: answer.ETag ?? `"${createHash('md5').update(body).digest('hex')}"` };
  }

  async get(key: string): Promise<StoredObject> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!(answer.Body instanceof Readable)) throw new Error(`S3 answered GetObject for ${key} without a readable body`);
      return {
        body: answer.Body,
        contentType: answer.ContentType ?? contentTypeForKey(key),
        size: answer.ContentLength ?? 0,
        etag: answer.ETag ?? '',
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Creates the bucket when it does not exist (S3_CREATE_BUCKET=true; tests against a fresh server). */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  destroy(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertValidStorageKey(key);
    return this.prefix + key;
  }
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.name === 'NoSuchBucket' || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}
