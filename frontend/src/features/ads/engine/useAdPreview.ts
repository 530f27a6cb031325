import { adOverlaySvg, composeAd, placementSize, type AdCopy, type AdFormatId, type BrandLook, type ComposeResult, type Language, type TextShaper } from '@brandloom/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BrandLogo } from '../api/ads';
import { fontsOfLook } from './brandLook';
import { loadShaper, useAdEngine } from './adEngine';

export interface AdPreviewInput {
  pictureUrl: string;
  placement: AdFormatId;
  layout: string;
  copy: AdCopy;
  look: BrandLook;
  /** The logo drawn (the variant asked for), or null. */
  logo: { variant: BrandLogo['variant']; logo: BrandLogo } | null;
  /** The copy's language: the button's label follows it (American English without one). */
  language?: Language | null;
}

export type AdPreviewState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; result: ComposeResult; overlay: string | null; width: number; height: number };

/** The picture's pixels at a placement's size, read once per picture and placement. */
export function usePlacementPixels(pictureUrl: string, placement: AdFormatId) {
  const engine = useAdEngine();
  const { width, height } = placementSize(placement);
  return useQuery({ queryKey: ['ad-picture', pictureUrl, width, height], queryFn: () => engine.picture(pictureUrl, width, height), staleTime: Infinity, gcTime: 60_000, retry: false });
}

/** The shapers of a look's fonts, loaded together. */
export function useLookShapers(look: BrandLook) {
  const engine = useAdEngine();
  const pairs = fontsOfLook(look);
  return useQuery({
    queryKey: ['ad-shapers', ...pairs.map(([font, weight]) => `${font}:${weight}`)],
    queryFn: async () => {
      const loaded = await Promise.all(pairs.map(async ([font, weight]) => [`${font}:${weight}`, await loadShaper(engine, font, weight)] as const));
      return new Map<string, TextShaper>(loaded);
    },
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * An ad laid out in the browser by the same engine the server renders with: the picture cropped
 * from the centre, the copy fitted, its contrast checked, and the overlay SVG drawn from the shipped fonts.
 */
export function useAdPreview(input: AdPreviewInput): AdPreviewState {
  const pixels = usePlacementPixels(input.pictureUrl, input.placement);
  const shapers = useLookShapers(input.look);
  const { placement, layout, copy, look, logo, language = null } = input;
  return useMemo((): AdPreviewState => {
    if (pixels.isError) return { phase: 'error', message: 'The picture could not be read for the preview' };
    if (shapers.isError) return { phase: 'error', message: 'The fonts could not be loaded for the preview' };
    if (!pixels.data || !shapers.data) return { phase: 'loading' };
    const map = shapers.data;
    const shaperOf = (font: string, weight: 400 | 700) => map.get(`${font}:${weight}`) ?? [...map.values()][0];
    const result = composeAd({
      placement,
      layout,
      copy,
      brand: look,
      logo: logo ? { variant: logo.variant, width: logo.logo.width, height: logo.logo.height } : null,
      shapers: shaperOf,
      pixels: pixels.data,
      language,
    });
    const { width, height } = placementSize(placement);
    return { phase: 'ready', result, overlay: result.ok ? adOverlaySvg(result.layers, shaperOf, logo?.logo.url) : null, width, height };
  }, [pixels.data, pixels.isError, shapers.data, shapers.isError, placement, layout, copy, look, logo, language]);
}
