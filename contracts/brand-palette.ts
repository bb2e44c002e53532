/**
 * The web app's palette from the company's primary colour (issue 15). The server writes it into the page it
 * serves (server/app.ts), the browser applies it again when an admin saves another colour (web/lib/branding.ts).
 *
 * - `--color-primary` is the saved colour itself (primary buttons, checked boxes), with `--color-primary-foreground`
 *   white or near-black, whichever reads at 4.5:1 or better on it, and hover / active shades that move away from
 *   the foreground (so they read at least as well).
 * - `--color-brand-50` … `--color-brand-950` (links, tints, badges, focus rings) take the colour's hue, with each
 *   step's relative luminance equal to that of the default scale (theme.css). Contrast depends on luminance alone,
 *   so every pair the default theme passes (text-brand-700 on white or on brand-50, white on brand-600) passes for
 *   any colour: a colour too light for links on white gets darker text shades, a very dark one lighter tints.
 */

/** The default scale of theme.css (Tailwind's indigo); the company's default colour is its 600. */
export const DEFAULT_BRAND_SCALE = {
  50: '#eef2ff',
  100: '#e0e7ff',
  200: '#c7d2fe',
  300: '#a5b4fc',
  400: '#818cf8',
  500: '#6366f1',
  600: '#4f46e5',
  700: '#4338ca',
  800: '#3730a3',
  900: '#312e81',
  950: '#1e1b4b',
} as const;
const STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
const DEFAULT_COLOR = DEFAULT_BRAND_SCALE[600];
/** The dark foreground on light primaries (slate-900); pure black where even that falls short of 4.5:1. */
export const DARK_FOREGROUND = '#0f172a';
const MIN_CONTRAST = 4.5;

type Rgb = [number, number, number];

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = parseInt(m ? m[1] : DEFAULT_COLOR.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(1, Math.max(0, c)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG relative luminance of a gamma-encoded sRGB colour. */
function luminanceOf(rgb: Rgb): number {
  const [r, g, b] = rgb.map(toLinear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function relativeLuminance(hex: string): number {
  return luminanceOf(parseHex(hex));
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// OKLab (Björn Ottosson), from and to linear sRGB.
function linearToOklab([r, g, b]: Rgb): Rgb {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s, 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s, 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s];
}

function oklabToLinear([L, a, b]: Rgb): Rgb {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s, -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s, -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s];
}

function lchOf(hex: string): { L: number; C: number; h: number } {
  const [L, a, b] = linearToOklab(parseHex(hex).map(toLinear) as Rgb);
  return { L, C: Math.hypot(a, b), h: Math.atan2(b, a) };
}

const inGamut = (rgb: Rgb) => rgb.every((c) => c >= -1e-6 && c <= 1 + 1e-6);

/** The sRGB colour of lightness L and hue h with chroma C, or less chroma where C leaves the gamut. */
function fitToGamut(L: number, C: number, h: number): Rgb {
  const at = (c: number) => oklabToLinear([L, c * Math.cos(h), c * Math.sin(h)]);
  let rgb = at(C);
  if (!inGamut(rgb)) {
    let lo = 0;
    let hi = C;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (inGamut(at(mid))) lo = mid;
      else hi = mid;
    }
    rgb = at(lo);
  }
  return rgb.map((c) => fromLinear(Math.min(1, Math.max(0, c)))) as Rgb;
}

/** The colour of hue h and chroma (at most) C whose relative luminance is `target`. */
function shadeAt(target: number, C: number, h: number): string {
  let lo = 0;
  let hi = 1;
  let best = fitToGamut(0.5, C, h);
  for (let i = 0; i < 32; i++) {
    const mid = (lo + hi) / 2;
    best = fitToGamut(mid, C, h);
    if (luminanceOf(best) < target) lo = mid;
    else hi = mid;
  }
  return toHex(best);
}

const DEFAULT_LCH = lchOf(DEFAULT_COLOR);
const STEP_SHAPE = STEPS.map((step) => {
  const hex = DEFAULT_BRAND_SCALE[step];
  return { step, luminance: relativeLuminance(hex), chromaShare: lchOf(hex).C / DEFAULT_LCH.C };
});

/** Mixes a colour with white (amount > 0) or black (amount < 0) in sRGB. */
function mix(hex: string, amount: number): string {
  const rgb = parseHex(hex);
  const to = amount > 0 ? 1 : 0;
  const t = Math.abs(amount);
  return toHex(rgb.map((c) => c + (to - c) * t) as Rgb);
}

/** White when it reads at 4.5:1 on the colour, else near-black (or black, for the few mid tones where only black does). */
export function readableForeground(hex: string): string {
  if (contrastRatio(hex, '#ffffff') >= MIN_CONTRAST) return '#ffffff';
  if (contrastRatio(hex, DARK_FOREGROUND) >= MIN_CONTRAST) return DARK_FOREGROUND;
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#000000') ? '#ffffff' : '#000000';
}

export type BrandPalette = Record<string, string>;

/** A colour as #rrggbb (lower case), or the default colour when it is not one. */
export function normalizeColor(hex: string | null | undefined): string {
  return hex && /^#[0-9a-f]{6}$/i.test(hex.trim()) ? hex.trim().toLowerCase() : DEFAULT_COLOR;
}

/** The CSS custom properties (names with their leading dashes) the web app's theme takes from the colour. */
export function brandPalette(color: string | null | undefined): BrandPalette {
  const primary = normalizeColor(color);
  const fg = readableForeground(primary);
  // Hover and active move away from the foreground, so the label reads at least as well as at rest.
  const away = fg === '#ffffff' ? -1 : 1;
  const vars: BrandPalette = {
    '--color-primary': primary,
    '--color-primary-foreground': fg,
    '--color-primary-hover': mix(primary, away * 0.14),
    '--color-primary-active': mix(primary, away * 0.26),
  };
  // The default colour keeps theme.css's own scale.
  if (primary === DEFAULT_COLOR) return vars;
  const { C, h } = lchOf(primary);
  for (const { step, luminance, chromaShare } of STEP_SHAPE) {
    let shade = shadeAt(luminance, C * chromaShare, h);
    // Never lighter than the default step after rounding: text shades keep their contrast on white.
    for (let i = 0; i < 4 && relativeLuminance(shade) > luminance * 1.002; i++) shade = mix(shade, -0.004);
    vars[`--color-brand-${step}`] = shade;
  }
  return vars;
}

/** `:root{...}` with the palette, for a style element. */
export function brandPaletteCss(color: string | null | undefined): string {
  const body = Object.entries(brandPalette(color))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
  return `:root{${body}}`;
}
