// Docker cannot run here: this checks the structure of docker-compose.yml and deploy/nginx.conf
// instead (the topology they describe runs on loopback in `npm run test:topology`).
import { configVariableNames, loadConfig } from '@brandloom/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const ROOT = join(__dirname, '../..');

interface Service {
  image?: string;
  build?: { target?: string };
  command?: string[];
  restart?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string; timeout?: string; retries?: number };
}

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const APIS = ['api-1', 'api-2'];
const WORKERS = ['worker-1', 'worker-2'];
const INFRA = ['postgres', 'redis', 'minio'];

/** What docker compose would pass for `${NAME:-default}` and `${NAME:?message}` with an empty .env. */
function interpolate(value: string): string {
  return String(value)
    .replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')
    .replace(/\$\{[A-Z_]+:\?[^}]*\}/g, 'a-session-secret-from-dot-env-of-32-chars-or-more');
}

describe('docker-compose.yml', () => {
  it('runs nginx in front of two APIs, two workers, PostgreSQL, Redis and MinIO, each restarted when it stops', () => {
    expect(Object.keys(services).sort()).toEqual([...APIS, ...WORKERS, ...INFRA, 'web'].sort());
    for (const [name, service] of Object.entries(services)) expect({ name, restart: service.restart }).toEqual({ name, restart: 'unless-stopped' });
    for (const name of [...APIS, ...WORKERS]) expect(services[name].build?.target).toBe('app');
    for (const name of WORKERS) expect(services[name].command).toEqual(['node', 'worker/dist/main.js']);
    expect(services.web.build?.target).toBe('web');
  });

  it('gives every HTTP service and every dependency a readiness check, and starts each after what it needs is healthy', () => {
    for (const name of [...INFRA, ...APIS, 'web']) expect({ name, checked: (services[name].healthcheck?.test.length ?? 0) > 1 }).toEqual({ name, checked: true });
    for (const name of APIS) {
      expect(services[name].healthcheck!.test.join(' ')).toContain('http://127.0.0.1:3000/api/health/ready');
      expect(services[name].depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' }, minio: { condition: 'service_healthy' } });
    }
    expect(services.web.healthcheck!.test.join(' ')).toContain('/api/health/live');
    for (const name of WORKERS) {
      expect(services[name].depends_on).toMatchObject({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' }, 'api-1': { condition: 'service_healthy' } });
    }
    expect(services.web.depends_on).toEqual({ 'api-1': { condition: 'service_healthy' }, 'api-2': { condition: 'service_healthy' } });
  });

  it('sets only environment variables the configuration reads, and a configuration that validates with Redis and S3', () => {
    const known = new Set(configVariableNames());
    for (const name of [...APIS, ...WORKERS]) {
      const environment = services[name].environment!;
      expect({ name, unknown: Object.keys(environment).filter((key) => !known.has(key)) }).toEqual({ name, unknown: [] });
      const config = loadConfig(Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, interpolate(value)])));
      expect(config.queueDriver).toBe('bullmq');
      expect(config.storageDriver).toBe('s3');
      expect(config.NODE_ENV).toBe('production');
      expect(new URL(config.DATABASE_URL).hostname).toBe('postgres');
      expect(new URL(config.REDIS_URL!).hostname).toBe('redis');
      expect(new URL(config.S3_ENDPOINT!).hostname).toBe('minio');
    }
    // Every process of the application sees the same configuration (sessions, queues and files are shared).
    const [first, ...others] = [...APIS, ...WORKERS].map((name) => {
      const { STATIC_DIR: _staticDir, ...shared } = services[name].environment!;
      return shared;
    });
    for (const other of others) expect(other).toEqual(first);
  });

  it('keeps Redis on an append-only file, so a restart loses no queued job', () => {
    expect(services.redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
  });

  it('has nginx balance /api over exactly the API services', () => {
    const nginx = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
    const upstream = /upstream brandloom_api \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect([...upstream.matchAll(/server ([\w-]+):3000\b/g)].map((m) => m[1])).toEqual(APIS);
    const proxied = [...nginx.matchAll(/proxy_pass (\S+);/g)].map((m) => m[1]);
    expect(proxied.length).toBeGreaterThan(0);
    expect(new Set(proxied)).toEqual(new Set(['http://brandloom_api']));
  });
});
