import { translate, type MessageKey } from '../../lib/i18n/translate';
import type { GalleryFilter, GalleryImage } from './gallery';

/** A category as the filter chips and the overlay write it, in the active language ('B2B' in all). */
export const galleryCategoryLabel = (filter: GalleryFilter): string => (filter === 'B2B' ? 'B2B' : translate(`landing.gallery.category.${filter}` as MessageKey));

/** An image's alt text in the active language. */
export const galleryAlt = (image: GalleryImage): string => image.alt ?? translate(`landing.gallery.${image.id}.alt` as MessageKey);

/** An image's caption in the active language. */
export const galleryCaption = (image: GalleryImage): string => image.caption ?? translate(`landing.gallery.${image.id}.caption` as MessageKey);
