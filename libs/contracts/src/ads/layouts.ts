import { AD_FORMAT_IDS, type AdFormatId } from '../formats';
import type { Box } from './geometry';
import { contentArea, placementSize, safeZones } from './placements';

export type TextAlign = 'left' | 'center';
/** Where a block of text sits in its box when it is shorter than the box. */
export type TextAnchor = 'top' | 'center' | 'bottom';

export interface LayoutPlan {
  boxes: { headline: Box; body: Box; button: Box; logo: Box };
  align: TextAlign;
  anchors: { headline: TextAnchor; body: TextAnchor };
  /** A solid shape in the brand's primary colour behind the text (a band or a panel), or none: text sits on the picture. */
  panel: Box | null;
}

export interface AdLayout {
  id: string;
  name: string;
  plan(placement: AdFormatId): LayoutPlan;
}

/** A box from fractions of the content area. */
function part(area: Box, x: number, y: number, width: number, height: number): Box {
  return { x: Math.round(area.x + area.width * x), y: Math.round(area.y + area.height * y), width: Math.round(area.width * width), height: Math.round(area.height * height) };
}

const wide = (placement: AdFormatId) => placement === '1.91:1';

export const AD_LAYOUTS: readonly AdLayout[] = [
  {
    id: 'headline-top',
    name: 'Headline on top',
    plan(placement) {
      const area = contentArea(placement);
      return wide(placement)
        ? { boxes: { headline: part(area, 0, 0, 0.72, 0.36), body: part(area, 0, 0.4, 0.72, 0.26), button: part(area, 0, 0.76, 0.34, 0.24), logo: part(area, 0.8, 0.76, 0.2, 0.24) }, align: 'left', anchors: { headline: 'top', body: 'top' }, panel: null }
        : { boxes: { headline: part(area, 0, 0, 1, 0.3), body: part(area, 0, 0.32, 0.9, 0.16), button: part(area, 0, 0.86, 0.48, 0.14), logo: part(area, 0.74, 0.86, 0.26, 0.14) }, align: 'left', anchors: { headline: 'top', body: 'top' }, panel: null };
    },
  },
  {
    id: 'bottom-band',
    name: 'Headline in a bottom band',
    plan(placement) {
      const area = contentArea(placement);
      const { width, height } = placementSize(placement);
      const bandTop = wide(placement) ? 0.42 : 0.6;
      const top = Math.round(area.y + area.height * bandTop);
      const margin = Math.round(Math.min(width, height) * 0.05);
      // The band runs to the picture's bottom edge (under a platform's interface too, where there is one).
      const panel: Box = { x: 0, y: top - margin, width, height: height - (top - margin) };
      return wide(placement)
        ? { boxes: { headline: part(area, 0, 0.46, 0.64, 0.3), body: part(area, 0, 0.78, 0.64, 0.22), button: part(area, 0.68, 0.6, 0.32, 0.26), logo: part(area, 0, 0, 0.18, 0.24) }, align: 'left', anchors: { headline: 'top', body: 'top' }, panel }
        : { boxes: { headline: part(area, 0, 0.62, 1, 0.17), body: part(area, 0, 0.8, 1, 0.09), button: part(area, 0, 0.9, 0.5, 0.1), logo: part(area, 0, 0, 0.26, 0.12) }, align: 'left', anchors: { headline: 'top', body: 'top' }, panel };
    },
  },
  {
    id: 'centered-offer',
    name: 'Centred offer',
    plan(placement) {
      const area = contentArea(placement);
      return wide(placement)
        ? { boxes: { headline: part(area, 0.12, 0.2, 0.76, 0.36), body: part(area, 0.16, 0.58, 0.68, 0.18), button: part(area, 0.33, 0.8, 0.34, 0.2), logo: part(area, 0.41, 0, 0.18, 0.16) }, align: 'center', anchors: { headline: 'bottom', body: 'top' }, panel: null }
        : { boxes: { headline: part(area, 0.04, 0.24, 0.92, 0.3), body: part(area, 0.08, 0.56, 0.84, 0.14), button: part(area, 0.25, 0.74, 0.5, 0.12), logo: part(area, 0.37, 0, 0.26, 0.12) }, align: 'center', anchors: { headline: 'bottom', body: 'top' }, panel: null };
    },
  },
  {
    id: 'split',
    name: 'Split text and picture',
    plan(placement) {
      const area = contentArea(placement);
      const { width, height } = placementSize(placement);
      if (placement === '9:16') {
        // Text above, picture below: the panel covers the top of the picture down to 46% of the content area.
        const panel: Box = { x: 0, y: 0, width, height: Math.round(area.y + area.height * 0.5) };
        return { boxes: { headline: part(area, 0, 0.1, 1, 0.2), body: part(area, 0, 0.31, 1, 0.09), button: part(area, 0, 0.41, 0.5, 0.07), logo: part(area, 0, 0, 0.3, 0.08) }, align: 'left', anchors: { headline: 'top', body: 'top' }, panel };
      }
      // Text on the left half, picture on the right.
      const panel: Box = { x: 0, y: 0, width: Math.round(width / 2), height };
      const half: Box = { x: area.x, y: area.y, width: Math.round(width / 2) - 2 * area.x, height: area.height };
      return wide(placement)
        ? { boxes: { headline: part(half, 0, 0.22, 1, 0.4), body: part(half, 0, 0.63, 1, 0.17), button: part(half, 0, 0.82, 0.62, 0.18), logo: part(half, 0, 0, 0.4, 0.16) }, align: 'left', anchors: { headline: 'bottom', body: 'top' }, panel }
        : { boxes: { headline: part(half, 0, 0.16, 1, 0.36), body: part(half, 0, 0.54, 1, 0.2), button: part(half, 0, 0.88, 0.9, 0.12), logo: part(half, 0, 0, 0.5, 0.1) }, align: 'left', anchors: { headline: 'bottom', body: 'top' }, panel };
    },
  },
];

export function adLayout(id: string): AdLayout | undefined {
  return AD_LAYOUTS.find((layout) => layout.id === id);
}

export function isAdLayoutId(value: unknown): value is string {
  return typeof value === 'string' && AD_LAYOUTS.some((layout) => layout.id === value);
}

/** One entry per layout and placement, as GET /api/ads/layouts lists them. */
export interface AdLayoutDto {
  id: string;
  name: string;
  placement: AdFormatId;
  width: number;
  height: number;
  boxes: LayoutPlan['boxes'];
  safeZones: Box[];
}

export function layoutCatalogue(): AdLayoutDto[] {
  return AD_LAYOUTS.flatMap((layout) =>
    AD_FORMAT_IDS.map((placement) => ({ id: layout.id, name: layout.name, placement, ...placementSize(placement), boxes: layout.plan(placement).boxes, safeZones: safeZones(placement) })),
  );
}
