// Colour conversions (sRGB ↔ CIELAB, D65) and colour differences (CIE76, CIEDE2000).

export type Rgb = readonly [number, number, number];
export type Lab = readonly [number, number, number];

const HEX6 = /^#?([0-9a-f]{6})$/i;
const HEX3 = /^#?([0-9a-f]{3})$/i;

/** '#RRGGBB' or '#RGB' (with or without '#') → [r, g, b] 0-255; null when it is not a hex colour. */
export function parseHex(value: string | null | undefined): Rgb | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  let hex = HEX6.exec(trimmed)?.[1];
  if (!hex) {
    const short = HEX3.exec(trimmed)?.[1];
    if (!short) return null;
    hex = [...short].map((c) => c + c).join('');
  }
  return [parseInt(hex.slice(0, 2), 16), parseInt(hex.slice(2, 4), 16), parseInt(hex.slice(4, 6), 16)];
}

/** [r, g, b] (rounded and clamped) → '#rrggbb'. */
export function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('')}`;
}

/** sRGB byte → linear light, as a table (hot path: every sampled pixel). */
const SRGB_TO_LINEAR = Float64Array.from({ length: 256 }, (_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const XN = 0.95047;
const YN = 1.0;
const ZN = 1.08883;
const EPSILON = (6 / 29) ** 3;
const KAPPA_INV = 1 / (3 * (6 / 29) ** 2);

function f(t: number): number {
  return t > EPSILON ? Math.cbrt(t) : t * KAPPA_INV + 4 / 29;
}

function fInverse(t: number): number {
  return t > 6 / 29 ? t * t * t : 3 * (6 / 29) ** 2 * (t - 4 / 29);
}

/** sRGB bytes → CIELAB (D65, 2°). */
export function rgbToLab(r: number, g: number, b: number): [number, number, number] {
  const R = SRGB_TO_LINEAR[r & 255];
  const G = SRGB_TO_LINEAR[g & 255];
  const B = SRGB_TO_LINEAR[b & 255];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / XN;
  const y = (0.2126729 * R + 0.7151522 * G + 0.072175 * B) / YN;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / ZN;
  const fy = f(y);
  return [116 * fy - 16, 500 * (f(x) - fy), 200 * (fy - f(z))];
}

/** CIELAB → sRGB (0-255, not rounded, clamped into the gamut). */
export function labToRgb(lab: Lab): [number, number, number] {
  const fy = (lab[0] + 16) / 116;
  const x = XN * fInverse(fy + lab[1] / 500);
  const y = YN * fInverse(fy);
  const z = ZN * fInverse(fy - lab[2] / 200);
  const linear = [
    3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
    -0.969266 * x + 1.8760108 * y + 0.041556 * z,
    0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
  ];
  return linear.map((c) => {
    const v = Math.max(0, Math.min(1, c));
    return 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
  }) as [number, number, number];
}

export function hexToLab(hex: string): Lab | null {
  const rgb = parseHex(hex);
  return rgb ? rgbToLab(rgb[0], rgb[1], rgb[2]) : null;
}

export function labToHex(lab: Lab): string {
  return toHex(labToRgb(lab));
}

/** Chroma C*ab. */
export function chroma(lab: Lab): number {
  return Math.hypot(lab[1], lab[2]);
}

/** Hue angle h_ab in degrees, 0-360. */
export function hueAngle(lab: Lab): number {
  const h = (Math.atan2(lab[2], lab[1]) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

/** Squared Euclidean distance in Lab (ΔE76²): what k-means minimises. */
export function distanceSquared(p: Lab, q: Lab): number {
  const dL = p[0] - q[0];
  const da = p[1] - q[1];
  const db = p[2] - q[2];
  return dL * dL + da * da + db * db;
}

/** CIE76 ΔE. */
export function deltaE76(p: Lab, q: Lab): number {
  return Math.sqrt(distanceSquared(p, q));
}

const DEG = Math.PI / 180;
const POW25_7 = 25 ** 7;

/** CIEDE2000 ΔE00 (Sharma, Wu and Dalal's formulation; kL = kC = kH = 1). */
export function deltaE2000(p: Lab, q: Lab): number {
  const [L1, a1, b1] = p;
  const [L2, a2, b2] = q;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cbar = (C1 + C2) / 2;
  const Cbar7 = Cbar ** 7;
  const G = 0.5 * (1 - Math.sqrt(Cbar7 / (Cbar7 + POW25_7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const h1p = C1p === 0 ? 0 : (Math.atan2(b1, a1p) / DEG + 360) % 360;
  const h2p = C2p === 0 ? 0 : (Math.atan2(b2, a2p) / DEG + 360) % 360;

  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * DEG);

  const Lbarp = (L1 + L2) / 2;
  const Cbarp = (C1p + C2p) / 2;
  let hbarp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hbarp = (h1p + h2p) / 2;
    else if (h1p + h2p < 360) hbarp = (h1p + h2p + 360) / 2;
    else hbarp = (h1p + h2p - 360) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hbarp - 30) * DEG) +
    0.24 * Math.cos(2 * hbarp * DEG) +
    0.32 * Math.cos((3 * hbarp + 6) * DEG) -
    0.2 * Math.cos((4 * hbarp - 63) * DEG);
  const dTheta = 30 * Math.exp(-(((hbarp - 275) / 25) ** 2));
  const Cbarp7 = Cbarp ** 7;
  const Rc = 2 * Math.sqrt(Cbarp7 / (Cbarp7 + POW25_7));
  const Sl = 1 + (0.015 * (Lbarp - 50) ** 2) / Math.sqrt(20 + (Lbarp - 50) ** 2);
  const Sc = 1 + 0.045 * Cbarp;
  const Sh = 1 + 0.015 * Cbarp * T;
  const Rt = -Math.sin(2 * dTheta * DEG) * Rc;
  const l = dLp / Sl;
  const c = dCp / Sc;
  const h = dHp / Sh;
  return Math.sqrt(l * l + c * c + h * h + Rt * c * h);
}

/** ΔE00 between two hex colours (Infinity when one is not a colour). */
export function deltaE2000Hex(a: string, b: string): number {
  const p = hexToLab(a);
  const q = hexToLab(b);
  return p && q ? deltaE2000(p, q) : Number.POSITIVE_INFINITY;
}

/** HSL hue (0-360) of sRGB bytes: what people mean by "a blue" or "an orange". */
export function hslHue(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => c / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return 0;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h *= 60;
  return h < 0 ? h + 360 : h;
}
