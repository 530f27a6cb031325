import { useMemo, useState } from 'react';
import { filterGallery, GALLERY_IMAGES, GALLERY_PAGE_SIZE, galleryPageCount, wrapPage, type GalleryFilter, type GalleryImage } from '../gallery';

/** The gallery's filter and page: 8 per page, paging wraps around, a new filter starts at page 1. */
export function useGallery(images: readonly GalleryImage[] = GALLERY_IMAGES) {
  const [filter, setFilterState] = useState<GalleryFilter>('all');
  const [page, setPage] = useState(1);
  const matching = useMemo(() => filterGallery(images, filter), [images, filter]);
  const pageCount = galleryPageCount(matching.length);
  const visible = matching.slice((page - 1) * GALLERY_PAGE_SIZE, page * GALLERY_PAGE_SIZE);
  return {
    filter,
    page,
    pageCount,
    visible,
    setFilter(next: GalleryFilter) {
      setFilterState(next);
      setPage(1);
    },
    next: () => setPage((p) => wrapPage(p, 1, pageCount)),
    previous: () => setPage((p) => wrapPage(p, -1, pageCount)),
  };
}
