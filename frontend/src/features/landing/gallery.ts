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

/** A gallery image plus the caption the overlay shows. */
export interface GalleryImage {
  id: string;
  src: string;
  alt: string;
  category: GalleryCategory;
  caption: string;
}

/** A category as the filter chips and the overlay write it: 'Beauty', 'B2B', 'All'. */
export const galleryCategoryLabel = (filter: GalleryFilter): string => (filter === 'all' ? 'All' : filter === 'B2B' ? 'B2B' : filter[0].toUpperCase() + filter.slice(1));

export const galleryImageUrl = (id: string, width: number): string => `/landing/gallery/${id}-${width}.webp`;

const image = (id: string, category: GalleryCategory, alt: string, caption: string): GalleryImage => ({
  id,
  src: galleryImageUrl(id, GALLERY_WIDTHS[GALLERY_WIDTHS.length - 1]),
  alt,
  category,
  caption,
});

/**
 * The 13 sample images. They are drawn for this project (SVG scenes in build/landing-images.ts,
 * rendered to WebP at build time): no third-party pictures.
 */
export const GALLERY_IMAGES: readonly GalleryImage[] = [
  image('serum-bottle', 'beauty', 'A glass serum bottle on a blush pink podium', 'Serum launch visual in the brand’s blush palette'),
  image('lipstick-trio', 'beauty', 'Three lipsticks standing on a rose background', 'Lipstick trio for a seasonal colour drop'),
  image('saas-dashboard', 'B2B', 'A software dashboard with a rising bar chart', 'SaaS feature announcement with the product UI'),
  image('growth-report', 'B2B', 'A report cover with a growth line over a navy grid', 'Quarterly report cover for a LinkedIn campaign'),
  image('team-webinar', 'B2B', 'A webinar card with three speaker circles', 'Webinar invitation in the corporate style'),
  image('morning-yoga', 'wellness', 'A sunrise over calm hills with a yoga mat', 'Morning routine visual for a wellness app'),
  image('herbal-tea', 'wellness', 'A cup of herbal tea with green leaves', 'Herbal tea story in soft greens'),
  image('sneaker-pedestal', 'product', 'A sneaker on a round pedestal under a spotlight', 'Hero shot for a sneaker product page'),
  image('headphones-studio', 'product', 'Over-ear headphones floating on a teal backdrop', 'Studio product shot with brand colours'),
  image('flash-sale', 'promotion', 'A sale badge with a percent sign and confetti', 'Flash sale banner for a weekend promotion'),
  image('holiday-offer', 'promotion', 'A gift box with a ribbon and a price tag', 'Holiday offer creative for paid social'),
  image('city-coffee', 'lifestyle', 'A coffee cup on a café table in front of a city skyline', 'Lifestyle scene for a coffee brand'),
  image('beach-weekend', 'lifestyle', 'A beach at sunset with a sun umbrella', 'Weekend getaway lifestyle visual'),
];

export const filterGallery = (images: readonly GalleryImage[], filter: GalleryFilter): GalleryImage[] =>
  filter === 'all' ? [...images] : images.filter((i) => i.category === filter);

export const galleryPageCount = (count: number, pageSize = GALLERY_PAGE_SIZE): number => Math.max(1, Math.ceil(count / pageSize));

/** The next or previous page, wrapping around at both ends (pages count from 1). */
export const wrapPage = (page: number, step: 1 | -1, total: number): number => ((page - 1 + step + total) % total) + 1;
