import { AD_CTA_LABELS_BY_LANGUAGE, adNoteText, AD_CTA_TYPES, AD_FORMAT_IDS, AD_LAYOUTS, adLayout, adOverlaySvg, backgroundSamples, boxesOverlap, boxInside, composeAd, CONTRAST_BODY, CONTRAST_LARGE, hexToRgb, inflate, placementSize, safeZones, worstContrast, type AdCopy, type AdElement, type AdFormatId, type AdLayers, type BrandLook, type Language, type PixelSource } from '@brandloom/contracts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { adFontShaper } from './ad-fonts';
import { placementPicture, renderAd } from './ad-renderer';

const GOLDEN_DIR = join(__dirname, 'testing', 'golden');
const BRAND: BrandLook = { primary: '#1B5E20', secondary: '#F4C542', accent: '#E03C31', fonts: { heading: 'montserrat', body: 'inter' } };
const COPY: AdCopy = { headline: 'Fresh roasted coffee, delivered every week', body: 'Pick your beans, choose your grind and never run out again.', cta: 'SHOP_NOW' };
const CASES = AD_LAYOUTS.flatMap((layout) => AD_FORMAT_IDS.map((placement) => [layout.id, placement] as const));

/** A fixed picture: a diagonal gradient from white to dark blue with a yellow disc and a red block. */
const busyPicture = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#203040"/></linearGradient></defs><rect width="1200" height="1200" fill="url(#g)"/><circle cx="800" cy="500" r="260" fill="#f4c542"/><rect x="100" y="700" width="500" height="300" fill="#e03c31"/>' +
        Array.from({ length: 24 }, (_, i) => `<rect x="${i * 50}" y="${(i % 2) * 60 + 80}" width="25" height="25" fill="${i % 2 ? '#000' : '#fff'}"/>`).join('') +
        '</svg>',
    ),
  )
    .png()
    .toBuffer();
const flatPicture = (color: string) => sharp({ create: { width: 1200, height: 1200, channels: 3, background: color } }).png().toBuffer();
const logoPng = () =>
  sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160"><rect x="10" y="10" width="380" height="140" rx="30" fill="#0d47a1"/><circle cx="80" cy="80" r="50" fill="#fff"/></svg>'))
    .png()
    .toBuffer();

async function compose(layout: string, placement: AdFormatId, picture: Buffer, copy: AdCopy = COPY, language?: Language) {
  const { width, height } = placementSize(placement);
  const { pixels } = await placementPicture(picture, width, height);
  const result = composeAd({ placement, layout, copy, brand: BRAND, logo: { variant: 'default', width: 400, height: 160 }, shapers: adFontShaper, pixels, language });
  if (!result.ok) throw new Error(`${layout} ${placement}: ${result.message}`);
  return { pixels, layers: result.layers };
}

/** Only `elements` drawn on a transparent canvas: the alpha channel, one byte per pixel. */
async function drawOnly(layers: AdLayers, elements: AdElement[], logo?: Buffer): Promise<Buffer> {
  const svg = adOverlaySvg({ ...layers, elements }, adFontShaper, logo ? `data:image/png;base64,${logo.toString('base64')}` : undefined);
  return sharp({ create: { width: layers.width, height: layers.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: Buffer.from(svg) }])
    .extractChannel(3)
    .raw()
    .toBuffer();
}

/** The box around every pixel the drawing touched (alpha > 0). Empty rows are told apart natively (a compare with a blank row). */
function inkBounds(alpha: Buffer, width: number): { x: number; y: number; width: number; height: number } | null {
  const blankRow = Buffer.alloc(width);
  let x0 = Infinity;
  let y0 = -1;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0, row = 0; row < alpha.length; y += 1, row += width) {
    const pixels = alpha.subarray(row, row + width);
    if (pixels.equals(blankRow)) continue;
    let first = 0;
    while (pixels[first] === 0) first += 1;
    let last = width - 1;
    while (pixels[last] === 0) last -= 1;
    if (y0 < 0) y0 = y;
    y1 = y;
    x0 = Math.min(x0, first);
    x1 = Math.max(x1, last);
  }
  return y0 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

describe('ad rendering (shipped fonts, sharp)', () => {
  let picture: Buffer;
  let logo: Buffer;
  beforeAll(async () => {
    picture = await busyPicture();
    logo = await logoPng();
  });

  it.each(CASES)('%s in %s: the text and the logo, measured on the render, stay in their boxes and out of the covered bands', async (layoutId, placement) => {
    const { layers } = await compose(layoutId, placement, picture);
    const plan = adLayout(layoutId)!.plan(placement);
    const drawn = layers.elements.filter((element) => element.kind === 'text' || element.kind === 'logo');
    expect(drawn.map((element) => (element.kind === 'text' ? element.role : 'logo')).sort()).toEqual(['body', 'button', 'headline', 'logo']);
    for (const element of drawn) {
      const ink = inkBounds(await drawOnly(layers, [element], logo), layers.width);
      expect(ink).not.toBeNull();
      const allowed = element.kind === 'logo' ? plan.boxes.logo : element.role === 'button' ? plan.boxes.button : plan.boxes[element.role];
      // Anti-aliasing may touch the pixel beside a glyph's edge.
      expect(boxInside(ink!, inflate(allowed, 1))).toBe(true);
      for (const zone of safeZones(placement)) expect(boxesOverlap(ink!, zone)).toBe(false);
    }
  });

  const PICTURES = { white: () => flatPicture('#FFFFFF'), black: () => flatPicture('#000000'), busy: busyPicture } as const;

  it.each((Object.keys(PICTURES) as Array<keyof typeof PICTURES>).flatMap((name) => CASES.map(([layoutId, placement]) => [name, layoutId, placement] as const)))(
    'contrast holds on a %s picture in %s %s, measured behind the drawn text',
    async (name, layoutId, placement) => {
      const { pixels, layers } = await compose(layoutId, placement, await PICTURES[name]());
      // What is behind the text: the picture with every shape but the texts drawn over it.
      const behind = await sharp(Buffer.from(pixels.data as Uint8Array), { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
        .composite([{ input: Buffer.from(adOverlaySvg({ ...layers, elements: layers.elements.filter((element) => element.kind === 'rect') }, adFontShaper)) }])
        .removeAlpha()
        .raw()
        .toBuffer();
      const background: PixelSource = { width: pixels.width, height: pixels.height, channels: 3, data: behind };
      const texts = layers.elements.filter((element): element is Extract<AdElement, { kind: 'text' }> => element.kind === 'text' && element.role !== 'button');
      expect(texts.map((text) => text.role).sort()).toEqual(['body', 'headline']);
      for (const text of texts) {
        const minimum = text.role === 'headline' ? CONTRAST_LARGE : CONTRAST_BODY;
        expect(worstContrast(hexToRgb(text.color), backgroundSamples(background, text.box))).toBeGreaterThanOrEqual(minimum - 0.05);
      }
    },
  );

  it('says what it changed so the text reads: a brand colour on a light picture, a scrim on a busy one', async () => {
    const light = await compose('headline-top', '1:1', await flatPicture('#F5F5F5'));
    expect(light.layers.adjustments.join('\n')).toMatch(/headline is set in #1B5E20/);
    expect(light.layers.notes).toContainEqual({ code: 'color', params: { role: 'headline', color: '#1B5E20', contrast: expect.stringMatching(/^\d+\.\d$/), against: 'picture' } });
    expect(light.layers.adjustments).toEqual(light.layers.notes!.map(adNoteText));
    const striped = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">${Array.from({ length: 54 }, (_, i) => `<rect x="0" y="${i * 20}" width="1080" height="10" fill="#fff"/>`).join('')}<rect x="0" y="0" width="1080" height="1080" fill="#000" fill-opacity="0"/></svg>`))
      .flatten({ background: '#000' })
      .png()
      .toBuffer();
    const busy = await compose('headline-top', '1:1', striped);
    expect(busy.layers.adjustments.join('\n')).toMatch(/scrim \(\d+%\) sits behind the headline/);
    expect(busy.layers.elements.some((element) => element.kind === 'rect' && element.role === 'scrim')).toBe(true);
    expect(busy.layers.notes).toContainEqual({ code: 'scrim', params: { role: 'headline', tone: expect.stringMatching(/^(dark|light)$/), opacity: expect.any(Number), contrast: expect.any(String) } });
  });

  const GERMAN: AdCopy = { headline: 'Frisch gerösteter Kaffee, jede Woche geliefert', body: 'Bohnen auswählen, Mahlgrad wählen und nie wieder ohne Kaffee dastehen.', cta: 'LEARN_MORE' };
  const SPANISH: AdCopy = { headline: 'Café recién tostado, entregado cada semana', body: 'Elige tus granos, elige la molienda y nunca te quedes sin café.', cta: 'SIGN_UP' };

  it.each([
    ['German', GERMAN],
    ['Spanish', SPANISH],
  ] as const)('fits %s copy in every layout and placement', async (_, copy) => {
    const fits = await Promise.all(CASES.map(async ([layoutId, placement]) => (await compose(layoutId, placement, picture, copy)).layers.elements.length > 0));
    expect(fits.every(Boolean)).toBe(true);
  });

  it('says which field does not fit and why, never clipping it', async () => {
    const { pixels } = await placementPicture(picture, 1080, 1080);
    const tooLong = composeAd({ placement: '1:1', layout: 'split', copy: { ...GERMAN, headline: 'Donaudampfschifffahrtsgesellschaftskapitänsmütze' }, brand: BRAND, logo: null, shapers: adFontShaper, pixels });
    expect(tooLong).toMatchObject({ ok: false, field: 'headline', message: expect.stringMatching(/headline does not fit.*Donaudampfschifffahrtsgesellschaftskapitänsmütze/) });
    // The same as a code and its values, for the composer to say in the user's language.
    expect(tooLong).toMatchObject({ code: 'word_too_wide', params: { role: 'headline', word: 'Donaudampfschifffahrtsgesellschaftskapitänsmütze' } });
  });

  const buttonText = (layers: AdLayers) => layers.elements.find((element): element is Extract<AdElement, { kind: 'text' }> => element.kind === 'text' && element.role === 'button')!;

  it('sets the button label in the ad\'s language, as Meta labels that call to action; American English without one', async () => {
    const german = await compose('headline-top', '1:1', picture, GERMAN, 'de');
    expect(buttonText(german.layers).lines.map((line) => line.text)).toEqual(['Mehr dazu']);
    expect((await compose('headline-top', '1:1', picture, COPY, 'de')).layers.elements.some((e) => e.kind === 'text' && e.lines[0].text === 'Jetzt einkaufen')).toBe(true);
    expect(buttonText((await compose('headline-top', '1:1', picture, SPANISH, 'es')).layers).lines[0].text).toBe('Registrarte');
    expect(buttonText((await compose('headline-top', '1:1', picture, { ...COPY, cta: 'GET_OFFER' }, 'fr')).layers).lines[0].text).toBe('Profiter de l’offre');
    expect(buttonText((await compose('headline-top', '1:1', picture)).layers).lines[0].text).toBe('Shop now');
    expect(buttonText((await compose('headline-top', '1:1', picture, COPY, 'en-US')).layers).lines[0].text).toBe('Shop now');
  });

  it('draws every language\'s every button label with the shipped fonts, in every layout and placement (a long one a little smaller)', async () => {
    const pixelsOf = new Map<AdFormatId, PixelSource>();
    for (const placement of AD_FORMAT_IDS) pixelsOf.set(placement, (await placementPicture(picture, placementSize(placement).width, placementSize(placement).height)).pixels);
    for (const language of Object.keys(AD_CTA_LABELS_BY_LANGUAGE) as Language[]) {
      for (const cta of AD_CTA_TYPES) {
        const label = AD_CTA_LABELS_BY_LANGUAGE[language][cta];
        expect(adFontShaper('inter', 700).missing(label)).toEqual([]);
        for (const [layoutId, placement] of CASES) {
          const result = composeAd({ placement, layout: layoutId, copy: { headline: 'Coffee', body: '', cta }, brand: BRAND, logo: null, shapers: adFontShaper, pixels: pixelsOf.get(placement)!, language });
          expect(result.ok && buttonText(result.layers).lines[0].text).toBe(label);
        }
      }
    }
  }, 120_000);

  it('renders the German label on the button: the ink is as wide as the engine measured "Jetzt einkaufen", not "Shop now"', async () => {
    const { layers } = await compose('centered-offer', '1:1', picture, COPY, 'de');
    const label = buttonText(layers);
    const ink = inkBounds(await drawOnly(layers, [label]), layers.width)!;
    const measured = (text: string) => adFontShaper(label.font, label.weight).width(text, label.fontSize);
    expect(Math.abs(ink.width - measured('Jetzt einkaufen'))).toBeLessThan(label.fontSize * 0.3);
    expect(ink.width).toBeGreaterThan(measured('Shop now') + label.fontSize);
  });

  it.each([...CASES.map(([layoutId, placement]): [string, AdFormatId, Language] => [layoutId, placement, 'en-US']), ['headline-top', '1:1', 'de'] as [string, AdFormatId, Language]])('%s in %s (%s) matches its golden render', async (layoutId, placement, language) => {
    const { pixels, layers } = language === 'de' ? await compose(layoutId, placement, picture, GERMAN, 'de') : await compose(layoutId, placement, picture);
    const png = await renderAd(pixels, layers, { bytes: logo, mime: 'image/png' });
    const quarter = sharp(png).resize(Math.round(layers.width / 4), Math.round(layers.height / 4), { kernel: 'lanczos3' }).removeAlpha();
    const file = join(GOLDEN_DIR, `${layoutId}-${placement.replace(':', 'x')}${language === 'de' ? '-de' : ''}.png`);
    // Reference images change only deliberately: UPDATE_AD_GOLDENS=1 rewrites them.
    if (process.env.UPDATE_AD_GOLDENS === '1') {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(file, await quarter.clone().png({ compressionLevel: 9 }).toBuffer());
    }
    expect(existsSync(file)).toBe(true);
    const actual = await quarter.raw().toBuffer();
    const expected = await sharp(readFileSync(file)).removeAlpha().raw().toBuffer();
    expect(actual.length).toBe(expected.length);
    let off = 0;
    for (let i = 0; i < actual.length; i += 1) if (Math.abs(actual[i] - expected[i]) > 24) off += 1;
    expect(off / actual.length).toBeLessThan(0.002);
  });
});
