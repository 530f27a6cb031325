// @vitest-environment node
import { APP_URL_PLACEHOLDER, ANNUAL_PRICING_PLANS, BLOG_CONTENT_PLACEHOLDER, BLOG_PAGE_PLACEHOLDER, BLOG_SHELL_FILE, PUBLIC_HEADER_ID, MONTHLY_PRICING_PLANS, PRICING_BUNDLES, SUPPORT_EMAIL_PLACEHOLDER } from '@brandloom/contracts';
import { renderBlogShell, renderPublicPage } from './entry-server';

// What the build writes into each pre-rendered page (scripts/prerender.mjs puts it in index.html):
// the whole page's text and links, readable without JavaScript.
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
const headings = (html: string, level: number) => [...html.matchAll(new RegExp(`<h${level}[^>]*>([\\s\\S]*?)</h${level}>`, 'g'))].map((m) => text(m[1]).trim());

describe('pre-rendered public pages', () => {
  it("the blog's shell has the public header (home, sign up) in its hydrated element, the footer, and an empty main for the server", async () => {
    const shell = await renderBlogShell();
    expect(shell.file).toBe(BLOG_SHELL_FILE);
    expect(shell.html).toMatch(new RegExp(`<div id="${PUBLIC_HEADER_ID}"><header[\\s\\S]*</header></div><main id="main">${BLOG_CONTENT_PLACEHOLDER}</main><footer`));
    const links = hrefs(shell.html);
    for (const href of ['/', '/#features', '/#pricing', '/blog', '/signin', '/signup', '/privacy']) expect(links).toContain(href);
    expect(shell.styles).toMatch(/<style data-emotion="css[^"]*">/);
  });

  it("the footer's language links lead to the same page in each language: the blog shell's to the blog page the server fills in, the home page's home", async () => {
    const languageLinks = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)" hrefLang="([^"]*)"/g)].map((m) => [m[2], m[1]]);
    const shell = await renderBlogShell();
    expect(languageLinks(shell.html)).toEqual([
      ['en-US', `/blog${BLOG_PAGE_PLACEHOLDER}?lang=en`],
      ['es', `/es/blog${BLOG_PAGE_PLACEHOLDER}`],
      ['fr', `/fr/blog${BLOG_PAGE_PLACEHOLDER}`],
      ['de', `/de/blog${BLOG_PAGE_PLACEHOLDER}`],
    ]);
    const home = await renderPublicPage('/', 'de');
    expect(languageLinks(home.html)).toEqual([
      ['en-US', '/?lang=en'],
      ['es', '/es/'],
      ['fr', '/fr/'],
      ['de', '/de/'],
    ]);
    await renderPublicPage('/', 'en-US');
  });

  it('/ has the header, every section, the monthly plans, the bundles and the footer, with MUI styles and SEO data', async () => {
    const page = await renderPublicPage('/');
    expect(headings(page.html, 1)).toEqual(['On-brand marketing images, generated in seconds']);
    expect(headings(page.html, 2)).toEqual(
      expect.arrayContaining(['Made with Brandloom', 'Why marketing teams choose Brandloom', 'Everything you need to create on brand', 'How it works', 'Loved by marketers', 'Simple pricing, credits that never expire']),
    );
    const links = hrefs(page.html);
    for (const href of ['#features', '#how-it-works', '#pricing', '/blog', '/signin', '/signup', '/privacy', '/terms']) expect(links).toContain(href);
    expect(links.some((l) => l.startsWith('https://'))).toBe(true);
    const body = text(page.html);
    for (const plan of MONTHLY_PRICING_PLANS) expect(body).toContain(`${plan.name}`);
    for (const bundle of PRICING_BUNDLES) expect(body).toContain(bundle.name);
    expect(body).toContain('1,543');
    expect(body).toContain('27,491');
    expect(body).toContain('1 / 2');
    expect(body).not.toContain('Dashboard');
    expect(page.html).toMatch(/<img[^>]*fetchpriority="high"[^>]*>|<img[^>]*fetchPriority="high"[^>]*>/i);
    expect(page.styles).toMatch(/<style data-emotion="css[^"]*">/);
    expect(page.head.structuredData).toMatchObject({ '@graph': expect.arrayContaining([expect.objectContaining({ '@type': 'Organization', url: `${APP_URL_PLACEHOLDER}/` })]) });
    const product = (page.head.structuredData as { '@graph': { '@type': string; offers?: unknown[] }[] })['@graph'].find((n) => n['@type'] === 'Product')!;
    expect(product.offers).toHaveLength(MONTHLY_PRICING_PLANS.length + ANNUAL_PRICING_PLANS.length + PRICING_BUNDLES.length);
    expect(page.head.preloadImage?.srcSet).toContain('hero-1280.webp 1280w');
  });

  it('/terms and /privacy are whole documents with a last-updated date and a table of contents', async () => {
    for (const [path, title, musts] of [
      ['/terms', 'Terms of Service', ['United States only', 'at least 13 years old', 'refund the amount paid for the current billing period', 'State of Georgia', 'arbitration', '12 months', 'USD 100', '30 days after posting']],
      ['/privacy', 'Privacy Policy', ['Stripe', 'OpenAI', 'Meta', 'S3', '12 months', 'under 13', '30 days after posting']],
    ] as const) {
      const page = await renderPublicPage(path);
      expect(headings(page.html, 1)).toEqual([title]);
      const body = text(page.html);
      expect(body).toMatch(/Last updated: \w+ \d+, \d{4}/);
      expect(headings(page.html, 2)[0]).toBe('Contents');
      const sectionLinks = hrefs(page.html).filter((h) => h.startsWith('#'));
      expect(sectionLinks.length).toBeGreaterThanOrEqual(8);
      for (const link of sectionLinks) expect(page.html).toContain(`id="${link.slice(1)}"`);
      for (const must of musts) expect(body).toContain(must);
      expect(body).toContain(SUPPORT_EMAIL_PLACEHOLDER);
      expect(hrefs(page.html)).toEqual(expect.arrayContaining(['/', '/terms', '/privacy', '/meta-deletion']));
    }
  });

  it('/meta-deletion has its five cards and the mailto links to the configured address', async () => {
    const page = await renderPublicPage('/meta-deletion');
    expect(headings(page.html, 1)).toEqual(['Meta Data Deletion Request']);
    expect(headings(page.html, 2)).toEqual(['1. Disconnect the integration', '2. Contact support', '3. Required information', '4. Processing time', '5. Before you ask']);
    const body = text(page.html);
    expect(body).toContain('Need help? Contact us at');
    expect(body).toContain('24 hours');
    const mailtos = hrefs(page.html).filter((h) => h.startsWith('mailto:'));
    expect(mailtos).toContain(`mailto:${SUPPORT_EMAIL_PLACEHOLDER}`);
    const send = new URL(mailtos.find((m) => m.includes('subject='))!);
    expect(send.pathname).toBe(SUPPORT_EMAIL_PLACEHOLDER);
    expect(send.searchParams.get('subject')).toBe('Meta Data Deletion Request');
  });

  const labelledInputs = (html: string) =>
    [...html.matchAll(/<input[^>]*\sid="([^"]+)"[^>]*>/g)].map((input) => ({
      name: input[0].match(/name="([^"]*)"/)?.[1],
      type: input[0].match(/type="([^"]*)"/)?.[1],
      label: text(html.match(new RegExp(`<label[^>]*for="${input[1]}"[^>]*>([\\s\\S]*?)</label>`))?.[1] ?? '').trim(),
    }));

  it('/signin has the heading, the Google link, the form fields with their labels and the links, and the dark palette in its styles', async () => {
    const page = await renderPublicPage('/signin');
    expect(page.head.title).toBe('Sign in | Brandloom');
    expect(headings(page.html, 1)).toEqual(['Welcome back']);
    const body = text(page.html);
    for (const words of ['Sign in to your Brandloom account', 'Sign in with Google', "Don't have an account?"]) expect(body).toContain(words);
    expect(labelledInputs(page.html)).toEqual([
      { name: 'email', type: 'email', label: 'Email' },
      { name: 'password', type: 'password', label: 'Password' },
    ]);
    // Submitted before the script runs, the form posts: the password never lands in an address.
    expect(page.html).toMatch(/<form[^>]*method="post"/);
    expect(page.html).toMatch(/<button[^>]*type="submit"[^>]*>Sign in/);
    expect(hrefs(page.html)).toEqual(['/', '/api/auth/google', '/forgot-password', '/signup', '/terms', '/privacy']);
    // The dark palette's variables are there for /theme-init.js's attribute to pick.
    expect(page.styles).toContain('[data-color-scheme="dark"]');
  });

  it('/signup has the heading, the form fields with their labels (username optional) and the links', async () => {
    const page = await renderPublicPage('/signup');
    expect(page.head.title).toBe('Sign up | Brandloom');
    expect(headings(page.html, 1)).toEqual(['Create your account']);
    const body = text(page.html);
    for (const words of ['Start generating on-brand images in minutes', 'Sign up with Google', 'Optional', 'Already have an account?']) expect(body).toContain(words);
    expect(labelledInputs(page.html)).toEqual([
      { name: 'username', type: 'text', label: 'Username' },
      { name: 'email', type: 'email', label: 'Email' },
      { name: 'password', type: 'password', label: 'Password' },
    ]);
    expect(page.html).toMatch(/<form[^>]*method="post"/);
    expect(page.html).toMatch(/<button[^>]*type="submit"[^>]*>Create account/);
    expect(hrefs(page.html)).toEqual(['/', '/api/auth/google', '/signin', '/terms', '/privacy']);
  });
});
