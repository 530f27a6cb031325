import { AD_FORMAT_IDS } from '../formats';
import { AD_LAYOUTS, boxInside, boxesOverlap, chooseLegibleColor, adFontsForTypography, closestAdFont, fontList, contentArea, contrastRatio, hexToRgb, layoutCatalogue, placementSize, safeZones, wrapLines, fitText, type Rgb, type TextShaper } from './index';

/** A monospaced stand-in: every character is 0.6 em wide, ascent 0.8 em, descent 0.2 em. */
const mono: TextShaper = {
  width: (text, size) => text.length * size * 0.6,
  ascent: (size) => size * 0.8,
  descent: (size) => size * 0.2,
  path: () => '',
  missing: () => [],
};

describe('placements and layouts', () => {
  it('keep Stories and Reels clear of the bands Meta covers (top 14%, bottom 35%, sides 6%), and feed placements unbounded', () => {
    expect(safeZones('9:16')).toEqual([
      { x: 0, y: 0, width: 1080, height: 269 },
      { x: 0, y: 1248, width: 1080, height: 672 },
      { x: 0, y: 0, width: 65, height: 1920 },
      { x: 1015, y: 0, width: 65, height: 1920 },
    ]);
    for (const placement of ['1:1', '4:5', '1.91:1'] as const) expect(safeZones(placement)).toEqual([]);
  });

  it('offer at least four layouts in every placement, each keeping its id across placements', () => {
    const catalogue = layoutCatalogue();
    for (const placement of AD_FORMAT_IDS) expect(catalogue.filter((entry) => entry.placement === placement).length).toBeGreaterThanOrEqual(4);
    for (const layout of AD_LAYOUTS) expect(catalogue.filter((entry) => entry.id === layout.id).map((entry) => entry.placement)).toEqual([...AD_FORMAT_IDS]);
  });

  it.each(AD_LAYOUTS.flatMap((layout) => AD_FORMAT_IDS.map((placement) => [layout.id, placement] as const)))('%s in %s puts every box inside the content area, clear of covered bands and of each other', (id, placement) => {
    const plan = AD_LAYOUTS.find((layout) => layout.id === id)!.plan(placement);
    const area = contentArea(placement);
    const { width, height } = placementSize(placement);
    const boxes = Object.values(plan.boxes);
    for (const box of boxes) {
      expect(boxInside(box, area)).toBe(true);
      expect(box.width).toBeGreaterThan(0);
      for (const zone of safeZones(placement)) expect(boxesOverlap(box, zone)).toBe(false);
    }
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(boxesOverlap(a, b)).toBe(false);
    if (plan.panel) expect(boxInside(plan.panel, { x: 0, y: 0, width, height })).toBe(true);
  });
});

describe('text fitting', () => {
  it('wraps at word breaks and keeps every line within the width', () => {
    const lines = wrapLines('Fresh coffee every morning at your door', mono, 10, 120)!;
    expect(lines.join(' ')).toBe('Fresh coffee every morning at your door');
    for (const line of lines) expect(mono.width(line, 10)).toBeLessThanOrEqual(120);
    expect(lines.length).toBeGreaterThan(1);
  });

  it('steps the size down until the text fits, and no further', () => {
    const box = { x: 0, y: 0, width: 300, height: 100 };
    const fitted = fitText('Summer sale on every order', box, mono, { maxSize: 80, minSize: 10, lineHeight: 1.2, maxLines: 3 });
    if (!fitted.fits) throw new Error('expected a fit');
    expect(fitted.fontSize).toBeLessThan(80);
    expect(fitted.height).toBeLessThanOrEqual(100);
    expect(fitted.width).toBeLessThanOrEqual(300);
    const larger = Math.floor(fitted.fontSize / 0.96) + 1;
    const atLarger = fitText('Summer sale on every order', box, mono, { maxSize: larger, minSize: larger, lineHeight: 1.2, maxLines: 3 });
    expect(atLarger.fits).toBe(false);
  });

  it('refuses, naming the word, when one word is wider than the box at the smallest size (never clips)', () => {
    const fitted = fitText('Donaudampfschifffahrtsgesellschaft', { x: 0, y: 0, width: 100, height: 500 }, mono, { maxSize: 40, minSize: 10, lineHeight: 1.2, maxLines: 4 });
    expect(fitted).toEqual({ fits: false, reason: 'word', word: 'Donaudampfschifffahrtsgesellschaft' });
  });

  it('refuses when the text needs more lines than the box holds at the smallest size', () => {
    const fitted = fitText('one two three four five six seven eight nine ten', { x: 0, y: 0, width: 60, height: 30 }, mono, { maxSize: 20, minSize: 10, lineHeight: 1.2, maxLines: 2 });
    expect(fitted).toEqual({ fits: false, reason: 'lines' });
  });
});

describe('legibility', () => {
  it('measures WCAG contrast', () => {
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 5);
    expect(contrastRatio(hexToRgb('#777777'), [255, 255, 255])).toBeCloseTo(4.48, 2);
  });

  it('keeps the preferred colour when it passes, takes the next brand colour that passes, or adds a scrim', () => {
    const dark: Rgb[] = [[10, 10, 10], [30, 30, 40]];
    expect(chooseLegibleColor(dark, ['#FFFFFF', '#1B5E20'], 4.5)).toMatchObject({ color: '#FFFFFF', scrim: null });
    const light: Rgb[] = [[250, 250, 250], [235, 240, 245]];
    const onLight = chooseLegibleColor(light, ['#FFFFFF', '#1B5E20'], 4.5);
    expect(onLight).toMatchObject({ color: '#1B5E20', scrim: null });
    expect(onLight.contrast).toBeGreaterThanOrEqual(4.5);
    // Half black, half white behind the text: no single colour reads over both.
    const busy: Rgb[] = [[0, 0, 0], [255, 255, 255], [128, 128, 128]];
    const onBusy = chooseLegibleColor(busy, ['#FFFFFF', '#1B5E20', '#111111'], 4.5);
    expect(onBusy.scrim).not.toBeNull();
    expect(onBusy.contrast).toBeGreaterThanOrEqual(4.5);
  });
});

describe('fonts', () => {
  it('maps the typography brand extraction reads to the closest shipped font', () => {
    expect(closestAdFont('Montserrat')).toBe('montserrat');
    expect(closestAdFont('Playfair Display SC')).toBe('playfair-display');
    expect(closestAdFont('Helvetica Neue Condensed Bold')).toBe('oswald');
    expect(closestAdFont('Times New Roman')).toBe('playfair-display');
    expect(closestAdFont('Helvetica')).toBe('inter');
    expect(closestAdFont(null)).toBe('inter');
  });

  it('gives a profile heading and body fonts from the family and the heading style extraction read', () => {
    expect(adFontsForTypography({ fontFamily: 'Montserrat, sans-serif', headingStyle: 'Bold uppercase geometric sans-serif' })).toEqual({ heading: 'montserrat', body: 'montserrat' });
    expect(adFontsForTypography({ fontFamily: 'Helvetica, Arial, sans-serif', headingStyle: 'Tall condensed uppercase headings' })).toEqual({ heading: 'oswald', body: 'inter' });
    expect(adFontsForTypography({ fontFamily: 'Georgia, serif', headingStyle: 'Elegant high-contrast serif headings' })).toEqual({ heading: 'playfair-display', body: 'playfair-display' });
    expect(adFontsForTypography(undefined)).toEqual({ heading: 'inter', body: 'inter' });
  });

  it('lists the shipped fonts with their family and category', () => {
    expect(fontList()).toHaveLength(12);
    expect(fontList()).toContainEqual({ id: 'bebas-neue', family: 'Bebas Neue', category: 'display' });
  });
});
