import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Undoes quoted-printable (soft line breaks and =XX escapes) so links read as sent. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The readable text of a raw .eml: quoted-printable and base64 parts decoded. */
function readableText(raw: string): string {
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map(([, body]) =>
    Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return [decodeQuotedPrintable(raw), ...base64Parts].join('\n');
}

/**
 * Waits for the development mail driver to write a mail to `to` (one .eml file per message in
 * the app's MAIL_DIR) whose text matches `link`, and returns the first match.
 */
export async function waitForMailedLink(directory: string, to: string, link: RegExp, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(directory)) {
      for (const file of readdirSync(directory).filter((name) => name.endsWith('.eml')).sort().reverse()) {
        const text = readableText(readFileSync(join(directory, file), 'utf8'));
        if (!text.toLowerCase().includes(to.toLowerCase())) continue;
        const match = text.match(link);
        if (match) return match[0];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} with a link matching ${link} in ${directory} within ${timeoutMs} ms`);
}
