import { Foundation1763769600000 } from './1763769600000-Foundation';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [Foundation1763769600000];
