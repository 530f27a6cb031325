import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertFetchableUrl, ImageFetchError, isForbiddenAddress, LookupFunction, safeFetch } from './safe-fetch';

/** A lookup that answers from a table (and records what it was asked). */
function fakeDns(table: Record<string, string[]>, asked: string[] = []): LookupFunction {
  return (hostname, _options, callback) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (!addresses) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ImageFetchError) return error.reason;
    throw error;
  }
  return 'fetched';
}

describe('SSRF guard: addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '169.254.1.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e'])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it.each([
    ['http://127.0.0.1/logo.png'],
    ['http://127.1/logo.png'],
    ['http://2130706433/logo.png'],
    ['http://0x7f000001/logo.png'],
    ['http://0177.0.0.1/logo.png'],
    ['http://0x7f.1/logo.png'],
    ['http://[::1]/logo.png'],
    ['http://[::ffff:127.0.0.1]/logo.png'],
    ['http://0.0.0.0/logo.png'],
    ['http://0/logo.png'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://10.0.0.1/logo.png'],
    ['https://192.168.0.10:8443/logo.png'],
    ['http://[fd00::1]/logo.png'],
    ['http://localhost/logo.png'],
    ['http://LOCALHOST./logo.png'],
    ['http://metadata.google.internal/computeMetadata/v1/'],
    ['http://printer.local/logo.png'],
    ['http://intranet/logo.png'],
  ])('refuses %s before connecting', async (url) => {
    expect(() => assertFetchableUrl(url)).toThrow(ImageFetchError);
    const asked: string[] = [];
    expect(await reason(safeFetch(url, { timeoutMs: 2000, maxBytes: 1024, lookup: fakeDns({}, asked) }))).toBe('blocked');
    expect(asked).toEqual([]);
  });

  it.each([['file:///etc/passwd'], ['ftp://example.com/logo.png'], ['gopher://example.com/'], ['http://user:pass@example.com/logo.png'], ['not a url'], ['javascript:alert(1)']])(
    'refuses %s as an invalid URL',
    async (url) => {
      expect(await reason(safeFetch(url, { timeoutMs: 2000, maxBytes: 1024 }))).toBe('invalid-url');
    },
  );
});

describe('SSRF guard: fetching', () => {
  let server: Server;
  let port: number;
  let handler: (req: IncomingMessage, res: ServerResponse) => void;
  const connections: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => handler(req, res));
    server.on('connection', (socket) => connections.push(socket.localAddress ?? ''));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    connections.length = 0;
  });

  /** The test server on 127.0.0.1 is reachable only through this explicit allowlist. */
  const allowTestServer = { allowAddresses: ['127.0.0.1'], timeoutMs: 3000, maxBytes: 1024 * 1024 };
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  it('refuses a hostname that resolves to loopback, whatever the name', async () => {
    expect(await reason(safeFetch(`http://localhost:${port}/logo.png`, { timeoutMs: 2000, maxBytes: 1024 }))).toBe('blocked');
    const lookup = fakeDns({ 'cdn.brand.example': ['127.0.0.1'], 'mixed.brand.example': ['93.184.216.34', '10.0.0.1'], 'mapped.brand.example': ['::ffff:127.0.0.1'] });
    for (const host of ['cdn.brand.example', 'mixed.brand.example', 'mapped.brand.example']) {
      expect({ host, reason: await reason(safeFetch(`http://${host}:${port}/logo.png`, { timeoutMs: 2000, maxBytes: 1024, lookup })) }).toEqual({ host, reason: 'blocked' });
    }
    expect(connections).toEqual([]);
  });

  it('connects to the address it checked (a name resolving to the allowed test server works)', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    const lookup = fakeDns({ 'images.brand.example': ['127.0.0.1'] });
    const fetched = await safeFetch(`http://images.brand.example:${port}/logo.png`, { ...allowTestServer, lookup });
    expect(fetched.body.equals(png)).toBe(true);
    expect(fetched.contentType).toBe('image/png');
    expect(connections).toEqual(['127.0.0.1']);
  });

  it('checks every redirect: to loopback, metadata, a private name or localhost is refused', async () => {
    const targets = [
      `http://127.0.0.2:${port}/x.png`,
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      `http://[::1]:${port}/x.png`,
      `http://localhost:${port}/x.png`,
      `http://rebind.brand.example:${port}/x.png`,
      'http://2130706434/x.png', // 127.0.0.2 in decimal
      'http://0x7f.2/x.png',
    ];
    const lookup = fakeDns({ 'rebind.brand.example': ['10.0.0.1'] });
    for (const target of targets) {
      handler = (_req, res) => res.writeHead(302, { location: target }).end();
      connections.length = 0;
      expect({ target, reason: await reason(safeFetch(`http://127.0.0.1:${port}/start`, { ...allowTestServer, lookup })) }).toEqual({ target, reason: 'blocked' });
      expect(connections).toHaveLength(1); // the first hop only
    }
  });

  it('follows at most 3 redirects', async () => {
    handler = (req, res) => {
      const hop = Number(new URL(req.url!, 'http://x').searchParams.get('hop') ?? 0);
      if (hop < Number(new URL(req.url!, 'http://x').searchParams.get('until'))) res.writeHead(307, { location: `/next?hop=${hop + 1}&until=${new URL(req.url!, 'http://x').searchParams.get('until')}` }).end();
      else res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    };
    expect((await safeFetch(`http://127.0.0.1:${port}/start?hop=0&until=3`, allowTestServer)).url).toContain('hop=3');
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/start?hop=0&until=4`, allowTestServer))).toBe('too-many-redirects');
  });

  it('aborts a body beyond the byte cap, announced or not', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 1);
    handler = (_req, res) => res.writeHead(200, { 'content-length': String(big.length) }).end(big);
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/big`, allowTestServer))).toBe('too-large');
    handler = (_req, res) => {
      res.writeHead(200, { 'transfer-encoding': 'chunked' });
      const timer = setInterval(() => {
        if (!res.write(Buffer.alloc(256 * 1024, 2))) return;
      }, 1);
      res.on('close', () => clearInterval(timer));
    };
    const started = Date.now();
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/endless`, allowTestServer))).toBe('too-large');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('times out a server that never answers', async () => {
    handler = () => undefined;
    const started = Date.now();
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/slow`, { ...allowTestServer, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports HTTP errors', async () => {
    handler = (_req, res) => res.writeHead(404).end('nope');
    expect(await reason(safeFetch(`http://127.0.0.1:${port}/missing.png`, allowTestServer))).toBe('http-status');
  });
});
