import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { AppConfig } from '../infra/config/app-config';

/** OWASP's recommended argon2id parameters (19 MiB, 2 passes, 1 lane): every environment but the test suites. */
export const PASSWORD_HASH_COST = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id at the lowest cost, for NODE_ENV=test only: the suites register and sign in thousands of
 * users, and at full cost the hashing was a tenth of their CPU. The same algorithm and code path run;
 * only the work factor is smaller, as test environments commonly do (Rails' `min_cost`, for one).
 */
export const TEST_PASSWORD_HASH_COST = { ...PASSWORD_HASH_COST, memoryCost: 1024, timeCost: 1 } as const;

@Injectable()
export class PasswordHasher {
  private readonly cost: typeof PASSWORD_HASH_COST | typeof TEST_PASSWORD_HASH_COST;

  constructor(config: AppConfig) {
    this.cost = config.NODE_ENV === 'test' ? TEST_PASSWORD_HASH_COST : PASSWORD_HASH_COST;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.cost);
  }

  /** Reads the cost from the stored hash, so hashes made at any cost keep verifying. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) return false;
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
