/** Gallery filters, in chip order; 'all' shows every image. */
export const GALLERY_CATEGORIES = ['all', 'beauty', 'B2B', 'wellness', 'product', 'promotion', 'lifestyle'] as const;
export type GalleryFilter = (typeof GALLERY_CATEGORIES)[number];
export type GalleryCategory = Exclude<GalleryFilter, 'all'>;

/** Gallery page size. */
export const GALLERY_PAGE_SIZE = 8;

/** Widths each gallery image is rendered at (WebP), for srcset; the overlay uses the largest. */
export const GALLERY_WIDTHS = [400, 800] as const;
/** Every gallery image is drawn 4:3. */
export const GALLERY_ASPECT = { width: 4, height: 3 } as const;

/**
 * A gallery image. Its alt text and the caption the overlay shows are in the catalogues
 * (landing.gallery.{id}.alt and .caption; galleryText.ts reads them), unless given here.
 */
export interface GalleryImage {
  id: string;
  src: string;
  category: GalleryCategory;
  alt?: string;
  caption?: string;
}

export const galleryImageUrl = (id: string, width: number): string => `/landing/gallery/${id}-${width}.webp`;

const image = (id: string, category: GalleryCategory): GalleryImage => ({ id, src: galleryImageUrl(id, GALLERY_WIDTHS[GALLERY_WIDTHS.length - 1]), category });

/**
 * The 13 sample images. They are drawn for this project (SVG scenes in build/landing-images.ts,
 * rendered to WebP at build time): no third-party pictures.
 */
export const GALLERY_IMAGES: readonly GalleryImage[] = [
  image('serum-bottle', 'beauty'),
  image('lipstick-trio', 'beauty'),
  image('saas-dashboard', 'B2B'),
  image('growth-report', 'B2B'),
  image('team-webinar', 'B2B'),
  image('morning-yoga', 'wellness'),
  image('herbal-tea', 'wellness'),
  image('sneaker-pedestal', 'product'),
  image('headphones-studio', 'product'),
  image('flash-sale', 'promotion'),
  image('holiday-offer', 'promotion'),
  image('city-coffee', 'lifestyle'),
  image('beach-weekend', 'lifestyle'),
];

export const filterGallery = (images: readonly GalleryImage[], filter: GalleryFilter): GalleryImage[] =>
  filter === 'all' ? [...images] : images.filter((i) => i.category === filter);

export const galleryPageCount = (count: number, pageSize = GALLERY_PAGE_SIZE): number => Math.max(1, Math.ceil(count / pageSize));

/** The next or previous page, wrapping around at both ends (pages count from 1). */
export const wrapPage = (page: number, step: 1 | -1, total: number): number => ((page - 1 + step + total) % total) + 1;
