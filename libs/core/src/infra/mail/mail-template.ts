import { PRODUCT_NAME } from '@brandloom/contracts';
import escapeHtml from 'escape-html';
import type { MailMessage } from './mail.port';

export interface MailContent {
  subject: string;
  /** Plain paragraphs, in order; escaped in the HTML part. */
  paragraphs: string[];
  /** The call to action: a button in HTML, the bare URL in text. */
  action?: { label: string; url: string };
  /** A closing line under the action (e.g. why the reader got the mail). */
  footer?: string;
  /** The language it is written in (`<html lang>`); en-US when not said. */
  language?: string;
}

/** The line under the button, per language. */
const OPEN_LINK: Record<string, string> = { es: 'O abre este enlace:', fr: 'Ou ouvrez ce lien\u00a0:', de: 'Oder öffnen Sie diesen Link:' };

/** The one layout of every mail: the product name, the paragraphs, the link, as HTML and as text. */
export function renderMail(to: string, content: MailContent): MailMessage {
  const text = [
    PRODUCT_NAME,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footer ? [content.footer] : []),
  ].join('\n');
  const html = `<!doctype html>
<html lang="${escapeHtml(!content.language || content.language === 'en-US' ? 'en' : content.language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family: system-ui, -apple-system, sans-serif; color: #111827; max-width: 36rem; margin: 0 auto; padding: 24px">
<p style="font-size: 20px; font-weight: 700; margin: 0 0 24px">${escapeHtml(PRODUCT_NAME)}</p>
${content.paragraphs.map((p) => `<p style="line-height: 1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  content.action
    ? `<p style="margin: 28px 0"><a href="${escapeHtml(content.action.url)}" style="background: #0066FF; color: #ffffff; padding: 12px 20px; border-radius: 6px; text-decoration: none; font-weight: 600">${escapeHtml(content.action.label)}</a></p>
<p style="font-size: 13px; color: #4b5563">${escapeHtml(OPEN_LINK[content.language ?? ''] ?? 'Or open this link:')} <a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
    : ''
}
${content.footer ? `<p style="font-size: 13px; color: #4b5563">${escapeHtml(content.footer)}</p>` : ''}
</body></html>`;
  return { to, subject: content.subject, html, text };
}
