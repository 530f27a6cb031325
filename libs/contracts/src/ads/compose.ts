import type { AdFormatId } from '../formats';
import type { Language } from '../users';
import { adCtaLabel, type AdCtaType } from './call-to-action';
import { backgroundSamples, chooseLegibleColor, CONTRAST_BODY, CONTRAST_LARGE, contrastRatio, hexToRgb, isLargeText, type PixelSource } from './contrast';
import { adFont, type AdFontId } from './fonts';
import { type Box, roundBox } from './geometry';
import { adLayout, type TextAnchor } from './layouts';
import { placementSize } from './placements';
import { fitText } from './text-fit';
import type { TextShaper } from './text-shaper';

export type LogoVariant = 'default' | 'light' | 'dark';
export type TextRole = 'headline' | 'body' | 'button';

export interface AdCopy {
  headline: string;
  body: string;
  cta: AdCtaType | null;
}

export interface BrandLook {
  primary: string;
  secondary: string;
  accent: string;
  fonts: { heading: AdFontId; body: AdFontId };
}

export interface TextLine {
  text: string;
  x: number;
  baseline: number;
}

export type AdElement =
  | { kind: 'rect'; role: 'panel' | 'scrim' | 'button'; box: Box; color: string; opacity: number; radius: number }
  | { kind: 'text'; role: TextRole; font: AdFontId; weight: 400 | 700; fontSize: number; color: string; lines: TextLine[]; box: Box }
  | { kind: 'logo'; variant: LogoVariant; box: Box };

/** A finished ad as data: what it says, how it is set, and every shape in paint order over the picture. */
export interface AdLayers {
  version: 1;
  placement: AdFormatId;
  width: number;
  height: number;
  layout: string;
  copy: AdCopy;
  logo: LogoVariant | null;
  elements: AdElement[];
  /** What the layout changed so the text reads (a colour, a scrim), in the editor's words (American English). */
  adjustments: string[];
  /** The same as codes and values, for a client to say in its own language (absent on ads laid out before). */
  notes?: AdNote[];
  /** The contrast each text reached against what is behind it. */
  contrast: Partial<Record<TextRole, number>>;
}

/** One thing the layout changed so the text reads, or that it left out, as a code and the values it names. */
export type AdNote =
  | { code: 'scrim'; params: { role: TextRole; tone: 'dark' | 'light'; opacity: number; contrast: string } }
  | { code: 'color'; params: { role: TextRole; color: string; contrast: string; against: 'brand' | 'picture' } }
  | { code: 'no_logo'; params: Record<string, never> };

/** Why a layout refused the copy: a code, the values it names, and the same in American English. */
export type AdFitProblem =
  | { code: 'layout_unknown'; params: { layout: string } }
  | { code: 'missing_glyphs'; params: { role: TextRole; characters: string } }
  | { code: 'word_too_wide'; params: { role: TextRole; word: string } }
  | { code: 'too_many_lines'; params: { role: TextRole } }
  | { code: 'button_too_wide'; params: { role: 'button' } };
export type AdFitCode = AdFitProblem['code'];

export interface ComposeInput {
  placement: AdFormatId;
  layout: string;
  copy: AdCopy;
  brand: BrandLook;
  /** The logo's shape (its pixels are drawn by the renderer), or null for no logo. */
  logo: { variant: LogoVariant; width: number; height: number } | null;
  /** Shapers per font and weight (see shaperKey). */
  shapers: (font: AdFontId, weight: 400 | 700) => TextShaper;
  /** The picture at the placement's size. */
  pixels: PixelSource;
  /** The language the copy is written in: the button's label follows it (American English without one). */
  language?: Language | null;
}

export type ComposeResult = { ok: true; layers: AdLayers } | ({ ok: false; field: 'headline' | 'body' | 'cta' | 'layout'; message: string } & AdFitProblem);

const FIELD_NAMES: Record<TextRole, string> = { headline: 'headline', body: 'body', button: 'button label' };

/** A note in the editor's words (American English), as `adjustments` keeps them. */
export function adNoteText(note: AdNote): string {
  if (note.code === 'no_logo') return 'No logo: the brand profile has none of that variant';
  if (note.code === 'scrim') return `A ${note.params.tone} scrim (${note.params.opacity}%) sits behind the ${FIELD_NAMES[note.params.role]} so it reads at ${note.params.contrast}:1`;
  return `The ${FIELD_NAMES[note.params.role]} is set in ${note.params.color} so it reads at ${note.params.contrast}:1 against the ${note.params.against === 'brand' ? 'brand colour' : 'picture'}`;
}

/** A refusal in American English (the API's message). */
export function adFitProblemText(problem: AdFitProblem): string {
  switch (problem.code) {
    case 'layout_unknown':
      return `Unknown layout '${problem.params.layout}'`;
    case 'missing_glyphs':
      return `The ${FIELD_NAMES[problem.params.role]} uses characters the font cannot draw: ${problem.params.characters}`;
    case 'word_too_wide':
      return `The ${FIELD_NAMES[problem.params.role]} does not fit this layout at the smallest size (the word '${problem.params.word}' is wider than its box): shorten it or choose another layout`;
    case 'too_many_lines':
      return `The ${FIELD_NAMES[problem.params.role]} does not fit this layout at the smallest size (it needs more lines than its box holds): shorten it or choose another layout`;
    case 'button_too_wide':
      return 'The button label does not fit this layout: choose another layout';
  }
}

function refuse(field: 'headline' | 'body' | 'cta' | 'layout', problem: AdFitProblem): ComposeResult {
  return { ok: false, field, ...problem, message: adFitProblemText(problem) };
}

/**
 * Lays an ad out: fits each text into its box (wrapping, stepping the size down, refusing what
 * still does not fit), measures its contrast against what is behind it and picks a colour or adds a
 * scrim until it reads, sizes the button to its label and the logo to its box. Pure: the browser's
 * preview and the server's render call it with the same input and draw the same result.
 */
export function composeAd(input: ComposeInput): ComposeResult {
  const layout = adLayout(input.layout);
  if (!layout) return refuse('layout', { code: 'layout_unknown', params: { layout: input.layout } });
  const plan = layout.plan(input.placement);
  const { width, height } = placementSize(input.placement);
  const short = Math.min(width, height);
  const elements: AdElement[] = [];
  const notes: AdNote[] = [];
  const contrast: AdLayers['contrast'] = {};
  const panelColor = input.brand.primary;

  if (plan.panel) elements.push({ kind: 'rect', role: 'panel', box: plan.panel, color: panelColor, opacity: 1, radius: 0 });

  const headingWeight = adFont(input.brand.fonts.heading).boldWeight;
  const texts: Array<{ role: 'headline' | 'body'; text: string; font: AdFontId; weight: 400 | 700; sizes: [number, number]; lineHeight: number; maxLines: number; anchor: TextAnchor }> = [
    { role: 'headline', text: input.copy.headline.trim(), font: input.brand.fonts.heading, weight: headingWeight, sizes: [0.09 * short, 0.032 * short], lineHeight: 1.12, maxLines: 4, anchor: plan.anchors.headline },
    { role: 'body', text: input.copy.body.trim(), font: input.brand.fonts.body, weight: 400, sizes: [0.045 * short, 0.024 * short], lineHeight: 1.3, maxLines: 4, anchor: plan.anchors.body },
  ];
  for (const text of texts) {
    if (!text.text) continue;
    const shaper = input.shapers(text.font, text.weight);
    const missing = shaper.missing(text.text);
    if (missing.length > 0) return refuse(text.role, { code: 'missing_glyphs', params: { role: text.role, characters: missing.join(' ') } });
    const box = plan.boxes[text.role];
    const fitted = fitText(text.text, box, shaper, { maxSize: Math.round(text.sizes[0]), minSize: Math.round(text.sizes[1]), lineHeight: text.lineHeight, maxLines: text.maxLines });
    if (!fitted.fits) {
      return refuse(text.role, fitted.reason === 'word' ? { code: 'word_too_wide', params: { role: text.role, word: fitted.word ?? '' } } : { code: 'too_many_lines', params: { role: text.role } });
    }
    const top = box.y + (text.anchor === 'top' ? 0 : text.anchor === 'center' ? (box.height - fitted.height) / 2 : box.height - fitted.height);
    const lines: TextLine[] = fitted.lines.map((line, index) => ({
      text: line,
      x: round2(plan.align === 'left' ? box.x : box.x + (box.width - shaper.width(line, fitted.fontSize)) / 2),
      baseline: round2(top + shaper.ascent(fitted.fontSize) + index * fitted.fontSize * fitted.lineHeight),
    }));
    const blockLeft = plan.align === 'left' ? box.x : box.x + (box.width - fitted.width) / 2;
    const block = roundBox({ x: blockLeft, y: top, width: fitted.width, height: fitted.height });
    // The body line is held to body text's 4.5:1 at any size; the headline is large text (3:1) once it is large enough.
    const minimum = text.role === 'headline' && isLargeText(fitted.fontSize, text.weight === 700) ? CONTRAST_LARGE : CONTRAST_BODY;
    const choice = plan.panel
      ? chooseLegibleColor([hexToRgb(panelColor)], ['#FFFFFF', input.brand.secondary, input.brand.accent, '#111111'], minimum)
      : chooseLegibleColor(backgroundSamples(input.pixels, block), ['#FFFFFF', input.brand.primary, input.brand.secondary, input.brand.accent, '#111111'], minimum);
    if (choice.scrim) {
      const pad = Math.round(fitted.fontSize * 0.35);
      elements.push({ kind: 'rect', role: 'scrim', box: { x: block.x - pad, y: block.y - pad, width: block.width + 2 * pad, height: block.height + 2 * pad }, color: choice.scrim.color, opacity: choice.scrim.opacity, radius: pad });
      notes.push({ code: 'scrim', params: { role: text.role, tone: choice.scrim.color === '#000000' ? 'dark' : 'light', opacity: Math.round(choice.scrim.opacity * 100), contrast: choice.contrast.toFixed(1) } });
    } else if (choice.color !== '#FFFFFF') {
      notes.push({ code: 'color', params: { role: text.role, color: choice.color, contrast: choice.contrast.toFixed(1), against: plan.panel ? 'brand' : 'picture' } });
    }
    contrast[text.role] = round2(choice.contrast);
    elements.push({ kind: 'text', role: text.role, font: text.font, weight: text.weight, fontSize: fitted.fontSize, color: choice.color, lines, box: block });
  }

  if (input.copy.cta) {
    const label = adCtaLabel(input.copy.cta, input.language);
    const box = plan.boxes.button;
    const font = input.brand.fonts.body;
    const weight = adFont(font).boldWeight;
    const shaper = input.shapers(font, weight);
    // A label longer than its box (a translation) steps down by 4% to three quarters of the size, as text does.
    const fullSize = Math.round(Math.min(0.036 * short, box.height / 2.2));
    let size = fullSize;
    while (shaper.width(label, size) > box.width - size && size > Math.ceil(fullSize * 0.75)) size = Math.max(Math.ceil(fullSize * 0.75), Math.floor(size * 0.96));
    const labelWidth = shaper.width(label, size);
    const padX = Math.round(size * 1.1);
    const buttonWidth = Math.min(box.width, labelWidth + 2 * padX);
    if (labelWidth > box.width - size) return refuse('cta', { code: 'button_too_wide', params: { role: 'button' } });
    const buttonHeight = Math.round(size * 2.2);
    const x = plan.align === 'left' ? box.x : box.x + (box.width - buttonWidth) / 2;
    const y = box.y + (box.height - buttonHeight) / 2;
    const fill = plan.panel ? input.brand.accent : input.brand.primary;
    const ink = contrastRatio(hexToRgb(fill), [255, 255, 255]) >= contrastRatio(hexToRgb(fill), [17, 17, 17]) ? '#FFFFFF' : '#111111';
    const buttonBox = roundBox({ x, y, width: buttonWidth, height: buttonHeight });
    elements.push({ kind: 'rect', role: 'button', box: buttonBox, color: fill.toUpperCase(), opacity: 1, radius: Math.round(buttonHeight / 2) });
    const baseline = y + (buttonHeight + shaper.ascent(size) - shaper.descent(size)) / 2;
    elements.push({ kind: 'text', role: 'button', font, weight, fontSize: size, color: ink, lines: [{ text: label, x: round2(x + (buttonWidth - labelWidth) / 2), baseline: round2(baseline) }], box: buttonBox });
    contrast.button = round2(contrastRatio(hexToRgb(fill), hexToRgb(ink)));
  }

  if (input.logo) {
    const box = plan.boxes.logo;
    const scale = Math.min(box.width / input.logo.width, box.height / input.logo.height);
    const logoWidth = input.logo.width * scale;
    const logoHeight = input.logo.height * scale;
    const alignRight = plan.align === 'left' && box.x > width / 2;
    const x = plan.align === 'center' ? box.x + (box.width - logoWidth) / 2 : alignRight ? box.x + box.width - logoWidth : box.x;
    elements.push({ kind: 'logo', variant: input.logo.variant, box: roundBox({ x, y: box.y + (box.height - logoHeight) / 2, width: logoWidth, height: logoHeight }) });
  }

  return { ok: true, layers: { version: 1, placement: input.placement, width, height, layout: layout.id, copy: input.copy, logo: input.logo?.variant ?? null, elements, adjustments: notes.map(adNoteText), notes, contrast } };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The ad's layers as one SVG the size of the placement, drawn over the picture: shapes, text as
 * outlines from the shipped fonts, and the logo from `logoHref` (a data: URL on the server, an
 * object URL in the browser).
 */
export function adOverlaySvg(layers: AdLayers, shapers: ComposeInput['shapers'], logoHref?: string): string {
  const parts = layers.elements.map((element) => {
    if (element.kind === 'rect') {
      const { x, y, width, height } = element.box;
      return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${element.radius}" fill="${element.color}"${element.opacity < 1 ? ` fill-opacity="${element.opacity}"` : ''}/>`;
    }
    if (element.kind === 'text') {
      const shaper = shapers(element.font, element.weight);
      const d = element.lines.map((line) => shaper.path(line.text, line.x, line.baseline, element.fontSize)).join('');
      return `<path d="${d}" fill="${element.color}"/>`;
    }
    if (!logoHref) return '';
    const { x, y, width, height } = element.box;
    return `<image x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid meet" href="${escapeAttribute(logoHref)}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${layers.width}" height="${layers.height}" viewBox="0 0 ${layers.width} ${layers.height}">${parts.join('')}</svg>`;
}
