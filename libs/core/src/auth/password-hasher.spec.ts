import { loadConfig } from '../infra/config/app-config';
import { PasswordHasher } from './password-hasher';

const hasherFor = (NODE_ENV: string) => new PasswordHasher(loadConfig({ ...process.env, NODE_ENV }));

describe('PasswordHasher', () => {
  it.each(['production', 'development'])('hashes with OWASP argon2id parameters (19 MiB, 2 passes, 1 lane) in %s', async (env) => {
    const hash = await hasherFor(env).hash('correct-horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('hashes at the lowest argon2id cost only under NODE_ENV=test', async () => {
    expect(await hasherFor('test').hash('correct-horse')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('verifies a hash made at either cost, and refuses a wrong password, an empty or a malformed hash', async () => {
    const production = hasherFor('production');
    const cheap = await hasherFor('test').hash('correct-horse');
    const full = await production.hash('correct-horse');
    expect(await production.verify(cheap, 'correct-horse')).toBe(true);
    expect(await hasherFor('test').verify(full, 'correct-horse')).toBe(true);
    expect(await production.verify(full, 'wrong-horse')).toBe(false);
    expect(await production.verify(null, 'correct-horse')).toBe(false);
    expect(await production.verify('$argon2id$broken', 'correct-horse')).toBe(false);
  });
});
