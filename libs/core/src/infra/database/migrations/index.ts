import { Foundation1763769600000 } from './1763769600000-Foundation';
import { CreditsBilling1763856000000 } from './1763856000000-CreditsBilling';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Foundation1763769600000, CreditsBilling1763856000000];
