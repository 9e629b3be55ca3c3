import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DARK_TEXT,
  LIGHT_TEXT,
  contrastRatio,
  parseHexColour,
  readableTextColour,
  relativeLuminance,
} from '#engine/rules/contrast';

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((channels) => `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('relative luminance and contrast (WCAG 2.x)', () => {
  it('parses #rrggbb and #rgb', () => {
    expect(parseHexColour('#1d3557')).toEqual([0x1d, 0x35, 0x57]);
    expect(parseHexColour('#fa0')).toEqual([0xff, 0xaa, 0x00]);
    expect(() => parseHexColour('red')).toThrow(/Not a hex colour/);
  });

  it('gives 0 for black and 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
  });

  it('matches published ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // GOV.UK link blue on white is documented as 5.17:1.
    expect(contrastRatio('#1d70b8', '#ffffff')).toBeCloseTo(5.17, 2);
    // Mid grey #777777 on white is the classic just-failing 4.48:1.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('is symmetric', () => {
    fc.assert(fc.property(hexColour, hexColour, (a, b) => contrastRatio(a, b) === contrastRatio(b, a)));
  });
});

describe('readableTextColour', () => {
  it.each([
    ['#1d3557', LIGHT_TEXT], // acme header
    ['#b42318', LIGHT_TEXT],
    ['#ffdd00', DARK_TEXT], // GOV.UK focus yellow
    ['#ffffff', DARK_TEXT],
    ['#000000', LIGHT_TEXT],
    ['#7a5901', LIGHT_TEXT],
  ])('on %s uses %s', (background, text) => {
    expect(readableTextColour(background)).toBe(text);
  });

  it('always reaches the WCAG AA ratio for normal text (4.5:1)', () => {
    fc.assert(fc.property(hexColour, (background) => contrastRatio(background, readableTextColour(background)) >= 4.5));
  });
});
