// Pre-renders the public pages (/, /terms, /privacy, /meta-deletion, /signin, /signup) after `vite build`: each is
// rendered by the server build of src/public/entry-server.tsx into the built index.html, with its
// head tags, MUI's styles and the public entry (instead of the SPA's) that hydrates it. Output:
// dist/prerendered/<page>.html, with the APP_URL and SUPPORT_EMAIL placeholders the server fills in.
// Each page is rendered again in every other language, at its own path (dist/prerendered/de/terms.html
// for /de/terms), with its <html lang> and hreflang alternates naming every version.
import escapeHtml from 'escape-html';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const frontend = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(frontend, 'dist');
const serverDir = join(dist, '.server');
const manifestFile = join(dist, '.vite', 'manifest.json');

const { renderPublicPage, PUBLIC_PAGES } = await import(pathToFileURL(join(serverDir, 'entry-server.js')).href);
const { APP_URL_PLACEHOLDER, BLOG_CONTENT_PLACEHOLDER, BLOG_TEXTS_FILE, blogTexts, PRERENDERED_DIR, PUBLIC_PAGE_LANGUAGES, localizedPagePath, SUPPORT_EMAIL_META_NAME, SUPPORT_EMAIL_PLACEHOLDER, renderBlogShell } = await import(
  pathToFileURL(join(serverDir, 'entry-server.js')).href
);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const template = readFileSync(join(dist, 'index.html'), 'utf8');

// JSON-LD sits in HTML: '<' must not close the element early.
const jsonLd = (data) => JSON.stringify(data).replace(/</g, '\\u003c');

/** The files a manifest entry needs at once: its own, its static imports' (recursively), and their CSS. */
function chunksOf(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) chunksOf(dep, seen);
  return seen;
}

const THEME_INIT = /\s*<script src="\/theme-init\.js"><\/script>/;
const NOTHING = /(?!)/;
if (!THEME_INIT.test(template)) throw new Error('index.html lost its /theme-init.js <script>');

const publicEntry = 'src/public/main.tsx';
if (!manifest[publicEntry]) throw new Error(`${publicEntry} is missing from the Vite manifest`);

const LANGUAGES = ['en-US', ...PUBLIC_PAGE_LANGUAGES];
const absolute = (path) => `${APP_URL_PLACEHOLDER}${path}`;

/** The page's versions for search engines: one per language, and en-US as the default for the others. */
function alternates(path) {
  return [
    ...LANGUAGES.map((language) => `<link rel="alternate" hreflang="${language === 'en-US' ? 'en' : language}" href="${absolute(localizedPagePath(path, language))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${absolute(path)}" />`,
  ];
}

for (const language of PUBLIC_PAGE_LANGUAGES) mkdirSync(join(dist, PRERENDERED_DIR, language), { recursive: true });
for (const language of LANGUAGES) for (const { path } of PUBLIC_PAGES) {
  const page = await renderPublicPage(path, language);
  const url = absolute(localizedPagePath(path, language));
  const image = `${APP_URL_PLACEHOLDER}/landing/share.png`;
  const { head } = page;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    ...alternates(path),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Brandloom" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    `<meta name="twitter:image" content="${image}" />`,
    ...(head.preloadImage
      ? [`<link rel="preload" as="image" type="image/webp" fetchpriority="high" href="${head.preloadImage.href}" imagesrcset="${head.preloadImage.srcSet}" imagesizes="${head.preloadImage.sizes}" />`]
      : []),
    ...scriptTags(page.module),
    ...(head.structuredData ? [`<script type="application/ld+json">${jsonLd(head.structuredData)}</script>`] : []),
    page.styles,
  ].join('\n    ');
  const file = language === 'en-US' ? page.file : `${language}/${page.file}`;
  writePage({ ...page, file }, tags, language);
  console.log(`pre-rendered ${localizedPagePath(path, language)} -> dist/${PRERENDERED_DIR}/${file}`);
}

// The blog's shell (header, footer, an empty main) in each language, with the blog's own words in it:
// the server puts the posts and the head tags in per request, in the visitor's language.
const { switchLanguage } = await import(pathToFileURL(join(serverDir, 'entry-server.js')).href);
for (const language of LANGUAGES) {
  await switchLanguage(language);
  const shell = await renderBlogShell();
  if (!shell.html.includes(BLOG_CONTENT_PLACEHOLDER)) throw new Error('the blog shell lost its content placeholder');
  const dir = language === 'en-US' ? '' : `${language}/`;
  writePage({ ...shell, file: `${dir}${shell.file}` }, [...scriptTags(shell.module), shell.styles].join('\n    '), language);
  writeFileSync(join(dist, PRERENDERED_DIR, `${dir}${BLOG_TEXTS_FILE}`), JSON.stringify(blogTexts()));
  console.log(`pre-rendered the blog shell in ${language} -> dist/${PRERENDERED_DIR}/${dir}${shell.file}`);
}

/** The public entry, the page's module preloaded with their chunks, and their styles. */
function scriptTags(module) {
  if (!manifest[module]) throw new Error(`${module} is missing from the Vite manifest`);
  const entryChunks = chunksOf(publicEntry);
  const pageChunks = [...chunksOf(module)].filter((key) => !entryChunks.has(key));
  const preloads = [...[...entryChunks].filter((k) => k !== publicEntry), ...pageChunks].map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}" />`);
  const css = [...entryChunks, ...pageChunks].flatMap((key) => manifest[key].css ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`);
  return [`<script type="module" crossorigin src="/${manifest[publicEntry].file}"></script>`, ...preloads, ...css];
}

/** index.html with the page's markup in #root and `tags` in its head (its own title and description give way). */
function writePage(page, tags, language = 'en-US') {
  const html = template
    .replace(/<html lang="[^"]*"/, () => `<html lang="${language === 'en-US' ? 'en' : language}"`)
    // The SPA's own entry, preloads and styles give way to the public entry's.
    .replace(/\s*<script type="module"[^>]*src="\/assets\/[^"]+"><\/script>/g, '')
    .replace(/\s*<link rel="(modulepreload|stylesheet)"[^>]*href="\/assets\/[^"]+"[^>]*>/g, '')
    // A page drawn light does not take the stored dark mode: it would paint dark until hydrated.
    .replace(page.followsColorMode ? NOTHING : THEME_INIT, '')
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    // Page text goes in through functions: a replacement string would read `$&` or `$'` in it as patterns.
    .replace('</head>', () => `    ${tags}\n  </head>`)
    // React writes its own preload of the hero image at the start of the markup; the head has one.
    .replace('<div id="root"></div>', () => `<div id="root">${page.html.replace(/^(<link [^>]*rel="preload"[^>]*\/>)+/, '')}</div>`);
  if (!html.includes(`name="${SUPPORT_EMAIL_META_NAME}" content="${SUPPORT_EMAIL_PLACEHOLDER}"`)) throw new Error('index.html lost its support-email <meta> element');
  writeFileSync(join(dist, PRERENDERED_DIR, page.file), html);
}

// Build-only files: the server bundle and the manifest are not served.
rmSync(serverDir, { recursive: true, force: true });
rmSync(join(dist, '.vite'), { recursive: true, force: true });
