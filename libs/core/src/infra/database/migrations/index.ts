import { Foundation1763769600000 } from './1763769600000-Foundation';
import { CreditsBilling1763856000000 } from './1763856000000-CreditsBilling';
import { Generation1763942400000 } from './1763942400000-Generation';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Foundation1763769600000, CreditsBilling1763856000000, Generation1763942400000];
