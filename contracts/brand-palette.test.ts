import { describe, expect, it } from 'vitest';
import { brandPalette, brandPaletteCss, contrastRatio, DARK_FOREGROUND, DEFAULT_BRAND_SCALE, readableForeground, relativeLuminance } from './brand-palette';

/**
 * The web app's palette from the company's colour (issue 15): the primary is the saved colour with a foreground that
 * reads on it, and the brand scale keeps the default scale's contrast for any hue.
 */
const WHITE = '#ffffff';
const TEXT_STEPS = [600, 700, 800, 900, 950] as const;

function expectAccessible(color: string) {
  const p = brandPalette(color);
  const shade = (step: number) => p[`--color-brand-${step}`] ?? DEFAULT_BRAND_SCALE[step as keyof typeof DEFAULT_BRAND_SCALE];
  expect(p['--color-primary']).toBe(color.toLowerCase());
  // The button's label, at rest, hovered and pressed.
  for (const bg of ['--color-primary', '--color-primary-hover', '--color-primary-active']) {
    expect(contrastRatio(p[bg], p['--color-primary-foreground']), `${color} ${bg}`).toBeGreaterThanOrEqual(4.5);
  }
  // Links and text in the brand's shades on white and on the lightest tints; white on the solid shades.
  for (const step of TEXT_STEPS) {
    expect(contrastRatio(shade(step), WHITE), `${color} brand-${step} on white`).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade(step), shade(50)), `${color} brand-${step} on brand-50`).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade(step), shade(100)), `${color} brand-${step} on brand-100`).toBeGreaterThanOrEqual(4.5);
  }
  // The scale runs from light to dark.
  const steps = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];
  const lum = steps.map((s) => relativeLuminance(shade(s)));
  expect([...lum].sort((a, b) => b - a)).toEqual(lum);
  return p;
}

describe('brand palette', () => {
  it('a dark colour: white labels on it, the scale in its hue', () => {
    const p = expectAccessible('#0F766E');
    expect(p['--color-primary-foreground']).toBe(WHITE);
    expect(p['--color-brand-700']).not.toBe(DEFAULT_BRAND_SCALE[700]);
    // Darker when hovered (away from the white label).
    expect(relativeLuminance(p['--color-primary-hover'])).toBeLessThan(relativeLuminance('#0f766e'));
    // Teal: more green than blue, more blue than red.
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(p['--color-brand-700'].slice(i, i + 2), 16));
    expect(g).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(r);
  });

  it('a light colour: a near-black label on it, and darker shades of it for text', () => {
    const p = expectAccessible('#fde047');
    expect(p['--color-primary-foreground']).toBe(DARK_FOREGROUND);
    // Yellow is far too light for a link on white; its text shade is a dark olive of the same hue.
    expect(contrastRatio('#fde047', WHITE)).toBeLessThan(2);
    expect(contrastRatio(p['--color-brand-700'], WHITE)).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(p['--color-brand-700'].slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
    expect(relativeLuminance(p['--color-primary-hover'])).toBeGreaterThan(relativeLuminance('#fde047'));
  });

  it('holds for the extremes and the mid tones', () => {
    for (const c of ['#000000', '#ffffff', '#777777', '#ff0000', '#00ff00', '#0000ff', '#22c55e', '#f97316', '#1e3a8a', '#ec4899']) expectAccessible(c);
    expect(readableForeground('#777777')).toBe('#000000');
  });

  it('the default colour keeps the theme as it is; anything else gives the whole scale', () => {
    expect(brandPalette('#4f46e5')).toEqual({ '--color-primary': '#4f46e5', '--color-primary-foreground': WHITE, '--color-primary-hover': '#443cc5', '--color-primary-active': '#3a34a9' });
    expect(brandPalette('not a colour')['--color-primary']).toBe('#4f46e5');
    expect(Object.keys(brandPalette('#0f766e'))).toHaveLength(15);
    expect(brandPaletteCss('#0f766e')).toMatch(/^:root\{--color-primary:#0f766e;--color-primary-foreground:#ffffff;.*--color-brand-950:#[0-9a-f]{6}\}$/);
  });
});

describe('theme.css', () => {
  it('carries the default palette the server and the browser leave in place', async () => {
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(new URL('../web/theme.css', import.meta.url), 'utf8');
    const declared = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(css)?.[1].trim();
    for (const [name, value] of Object.entries(brandPalette('#4f46e5'))) expect(declared(name), name).toBe(value);
    for (const [step, value] of Object.entries(DEFAULT_BRAND_SCALE)) expect(declared(`--color-brand-${step}`), step).toBe(value);
  });
});
