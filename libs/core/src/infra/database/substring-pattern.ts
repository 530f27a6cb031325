/** `%term%` for `ILIKE … ESCAPE '\'`, with the term's own %, _ and \ taken literally. */
export function substringPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
