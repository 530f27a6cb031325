// A PostgreSQL cluster and a Redis server of the suite's own, in a temporary directory on spare
// ports, so that stopping them never touches the machine's services.
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './processes';

/** The newest Debian PostgreSQL server binaries (postgresql package). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))) : [];
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)');
  return join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

export class PostgresCluster {
  private readonly bin = postgresBin();
  private readonly dir = mkdtempSync(join(tmpdir(), 'brandloom-faults-pg-'));
  private readonly data = join(this.dir, 'data');
  /** PostgreSQL refuses to run as root: then its commands run as the postgres user. */
  private readonly asPostgres = userInfo().uid === 0;

  constructor(readonly port: number) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async init(): Promise<void> {
    if (this.asPostgres) {
      const { uid, gid } = postgresUser();
      chownSync(this.dir, uid, gid);
    }
    this.run('initdb', ['-D', this.data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await this.start();
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    this.run('pg_ctl', ['-D', this.data, '-o', options, '-l', join(this.dir, 'server.log'), '-w', '-t', '30', 'start']);
  }

  /** Immediate shutdown: every connection cut at once, no checkpoint (recovery at the next start). */
  stopImmediate(): void {
    this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
  }

  destroy(): void {
    try {
      this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  private run(command: string, args: string[]): void {
    const [file, argv] = this.asPostgres ? ['runuser', ['-u', 'postgres', '--', join(this.bin, command), ...args]] : [join(this.bin, command), args];
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: this.dir });
  }
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

export class RedisServer {
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'brandloom-faults-redis-'));
  output = '';

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Append-only file with fsync on every write, as a production Redis that holds queues should run. */
  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', ''], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk) => (this.output += chunk));
    this.child.stderr!.on('data', (chunk) => (this.output += chunk));
    await waitFor('redis-server to accept connections', () => (this.output.includes('Ready to accept connections') ? true : undefined), 15_000, 50);
  }

  /** SIGKILL: the server is gone at once, as after a crash. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGKILL');
    });
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
