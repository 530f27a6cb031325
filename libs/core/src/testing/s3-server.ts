import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3Server {
  /** e.g. http://127.0.0.1:41234 (S3_ENDPOINT). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Environment for an API or worker process pointed at this server (S3_* variables). */
  env(): Record<string, string>;
  stop(): Promise<void>;
}

export interface LocalS3ServerOptions {
  /** Bucket created at start (default brandloom-test). */
  bucket?: string;
}

/**
 * An S3-compatible server on 127.0.0.1 (s3rver: real HTTP, real SigV4-signed requests from the AWS
 * SDK, objects kept in a temporary directory), for tests of the S3 storage driver. Path-style only.
 */
export async function startS3Server(options: LocalS3ServerOptions = {}): Promise<LocalS3Server> {
  const bucket = options.bucket ?? 'brandloom-test';
  const directory = mkdtempSync(join(tmpdir(), 'brandloom-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's default credentials.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  const region = 'us-east-1';
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    env: () => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
