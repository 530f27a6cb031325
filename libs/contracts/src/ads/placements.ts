import { AD_FORMATS, type AdFormatId } from '../formats';
import type { Box } from './geometry';

/**
 * The share of each edge that the platform covers with its own interface (profile, progress bar,
 * call-to-action, caption): no text or logo goes there. Stories and Reels share the 9:16 image, so
 * it keeps clear of both: Meta's Stories guidance (top 14%, bottom 20%) and its Reels guidance (top
 * 14%, bottom 35%, sides 6%); docs/decisions.md cites them. Feed and link placements have none.
 */
export const PLACEMENT_COVERED_EDGES: Record<AdFormatId, { top: number; bottom: number; left: number; right: number }> = {
  '1:1': { top: 0, bottom: 0, left: 0, right: 0 },
  '4:5': { top: 0, bottom: 0, left: 0, right: 0 },
  '9:16': { top: 0.14, bottom: 0.35, left: 0.06, right: 0.06 },
  '1.91:1': { top: 0, bottom: 0, left: 0, right: 0 },
};

/** The placement's size in pixels. */
export function placementSize(placement: AdFormatId): { width: number; height: number } {
  const format = AD_FORMATS.find((candidate) => candidate.id === placement)!;
  return { width: format.width, height: format.height };
}

/** The bands the platform covers, as boxes in the placement's pixels ([] where it covers none). */
export function safeZones(placement: AdFormatId): Box[] {
  const { width, height } = placementSize(placement);
  const edges = PLACEMENT_COVERED_EDGES[placement];
  const zones: Box[] = [];
  if (edges.top > 0) zones.push({ x: 0, y: 0, width, height: Math.round(height * edges.top) });
  if (edges.bottom > 0) zones.push({ x: 0, y: height - Math.round(height * edges.bottom), width, height: Math.round(height * edges.bottom) });
  if (edges.left > 0) zones.push({ x: 0, y: 0, width: Math.round(width * edges.left), height });
  if (edges.right > 0) zones.push({ x: width - Math.round(width * edges.right), y: 0, width: Math.round(width * edges.right), height });
  return zones;
}

/**
 * Where a layout may put text, the button and the logo: the placement minus its covered bands,
 * less a margin of 5% of the shorter side so nothing touches an edge.
 */
export function contentArea(placement: AdFormatId): Box {
  const { width, height } = placementSize(placement);
  const edges = PLACEMENT_COVERED_EDGES[placement];
  const margin = Math.round(Math.min(width, height) * 0.05);
  const left = Math.round(width * edges.left) + margin;
  const top = Math.round(height * edges.top) + margin;
  const right = width - Math.round(width * edges.right) - margin;
  const bottom = height - Math.round(height * edges.bottom) - margin;
  return { x: left, y: top, width: right - left, height: bottom - top };
}
