import { readFileSync } from 'node:fs';

/** A numeric field of /proc/<pid>/stat (Linux), counted from 1 as in proc(5): 4 is the parent, 19 the niceness. */
export function procStatField(pid: number, field: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3]);
}
