import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { closeNow, listenOnLoopback } from './loopback-server';

export interface LocalS3Server {
  /** e.g. http://127.0.0.1:41234 (S3_ENDPOINT). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Environment for an API or worker process pointed at this server (S3_* variables). */
  env(): Record<string, string>;
  /** With `faultInjection`: from now on every request is answered `status` with S3's InternalError body, until heal(). */
  failWith(status: number): void;
  heal(): void;
  /** Requests answered with an injected failure so far. */
  readonly failedRequests: number;
  stop(): Promise<void>;
}

export interface LocalS3ServerOptions {
  /** Bucket created at start (default brandloom-test). */
  bucket?: string;
  /** Put a pass-through proxy in front (the endpoint) whose failWith() makes storage fail like an S3 outage. */
  faultInjection?: boolean;
}

const INTERNAL_ERROR_BODY =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>';

/**
 * An S3-compatible server on 127.0.0.1 (s3rver: real HTTP, real SigV4-signed requests from the AWS
 * SDK, objects kept in a temporary directory), for tests of the S3 storage driver. Path-style only.
 */
export async function startS3Server(options: LocalS3ServerOptions = {}): Promise<LocalS3Server> {
  const bucket = options.bucket ?? 'brandloom-test';
  const directory = mkdtempSync(join(tmpdir(), 'brandloom-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const faults = { status: 0, failed: 0 };
  let front: Server | undefined;
  let endpoint = `http://127.0.0.1:${port}`;
  if (options.faultInjection) {
    front = createServer((req, res) => {
      if (faults.status) {
        faults.failed += 1;
        req.resume();
        res.writeHead(faults.status, { 'content-type': 'application/xml' }).end(INTERNAL_ERROR_BODY);
        return;
      }
      // Headers unchanged (Host included): the request's SigV4 signature still holds behind the proxy.
      const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    endpoint = await listenOnLoopback(front);
  }
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
    failWith: (status: number) => {
      if (!front) throw new Error('startS3Server({ faultInjection: true }) is needed to inject failures');
      faults.status = status;
    },
    heal: () => {
      faults.status = 0;
    },
    get failedRequests() {
      return faults.failed;
    },
    stop: async () => {
      await closeNow(front);
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
