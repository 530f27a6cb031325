/** The hero picture: rendered at these widths (WebP) from one drawing, 16:10. */
export const HERO_IMAGE = {
  width: 1280,
  height: 800,
  widths: [640, 960, 1280] as const,
  url: (width: number) => `/landing/hero-${width}.webp`,
  sizes: '(min-width: 900px) 50vw, 100vw',
};

export const heroSrcSet = (): string => HERO_IMAGE.widths.map((w) => `${HERO_IMAGE.url(w)} ${w}w`).join(', ');

/** The link-preview image (Open Graph, Twitter): 1200×630 PNG. */
export const SHARE_IMAGE = { path: '/landing/share.png', width: 1200, height: 630 };
