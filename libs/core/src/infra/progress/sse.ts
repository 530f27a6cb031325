/** Server-sent events on the wire (https://html.spec.whatwg.org/multipage/server-sent-events.html). */

/** One event: `event: <name>` and its JSON data on one `data:` line (JSON never holds a raw newline). */
export function formatSseEvent(event: string, data: unknown, id?: string): string {
  const lines = [];
  if (id !== undefined) lines.push(`id: ${id.replace(/[\r\n]/g, '')}`);
  lines.push(`event: ${event.replace(/[\r\n]/g, '')}`);
  lines.push(`data: ${JSON.stringify(data ?? {})}`);
  return `${lines.join('\n')}\n\n`;
}

/** A comment line: ignored by clients, it keeps proxies from closing an idle stream. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]/g, ' ')}\n\n`;
}

export interface ParsedSseEvent {
  event: string;
  data: string;
  id?: string;
}

/** Incremental parser of an SSE byte stream (for tests, benchmarks and server-side clients). */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id?: string;
  /** Comment lines seen (heartbeats). */
  comments = 0;

  /** Feeds a chunk; returns the events it completed. */
  push(chunk: string): ParsedSseEvent[] {
    this.buffer += chunk;
    const events: ParsedSseEvent[] = [];
    let newline: number;
    while ((newline = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, newline);
      const width = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + width);
      if (line === '') {
        if (this.data.length > 0 || this.event) events.push({ event: this.event || 'message', data: this.data.join('\n'), id: this.id });
        this.event = '';
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) {
        this.comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') this.event = value;
      else if (field === 'data') this.data.push(value);
      else if (field === 'id') this.id = value;
    }
    return events;
  }
}
