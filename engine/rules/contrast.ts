/** Colour contrast by WCAG 2.x relative luminance, so branded colours stay readable. */

const HEX_COLOUR = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

export const LIGHT_TEXT = '#ffffff';
/** Pure black rather than an off-black: with it, one of the two text colours always reaches 4.5:1. */
export const DARK_TEXT = '#000000';

/** Red, green and blue channels (0–255) of `#rgb` or `#rrggbb`; throws on anything else. */
export function parseHexColour(hex: string): [number, number, number] {
  const match = HEX_COLOUR.exec(hex.trim());
  if (!match) throw new Error(`Not a hex colour: ${hex}`);
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

function linearChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHexColour(hex).map(linearChannel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Text colour (white or black) with the higher contrast on the given background. */
export function readableTextColour(background: string): typeof LIGHT_TEXT | typeof DARK_TEXT {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/** WCAG 2.x AA: body text 4.5:1; user-interface components and their borders against what is beside them 3:1. */
const AA_TEXT_CONTRAST = 4.5;
const AA_COMPONENT_CONTRAST = 3;
const PAGE_BACKGROUND = '#ffffff';

export interface ContrastProblem {
  /** JSON Pointer into the theme: `/headerBGcolour`, `/secondary`. */
  path: string;
  message: string;
  ratio: number;
}

const ratioText = (ratio: number) => `${Math.floor(ratio * 100) / 100}:1`;

/**
 * The WCAG AA checks of an organisation's brand colours as the product uses them: the header's text (white or black,
 * whichever reads better) on the header colour, the button text on the secondary colour, and the secondary colour's
 * buttons and borders against the white page.
 */
export function themeContrastProblems(theme: { headerBGcolour: string; secondary: string }): ContrastProblem[] {
  const problems: ContrastProblem[] = [];
  const text = (path: string, background: string, what: string) => {
    if (!HEX_COLOUR.test(background)) return;
    const ratio = contrastRatio(background, readableTextColour(background));
    if (ratio < AA_TEXT_CONTRAST)
      problems.push({
        path,
        ratio,
        message: `${what} on ${background} reaches ${ratioText(ratio)}; WCAG AA needs ${AA_TEXT_CONTRAST}:1`,
      });
  };
  text('/headerBGcolour', theme.headerBGcolour, 'Header text');
  text('/secondary', theme.secondary, 'Button text');
  if (HEX_COLOUR.test(theme.secondary)) {
    const ratio = contrastRatio(theme.secondary, PAGE_BACKGROUND);
    if (ratio < AA_COMPONENT_CONTRAST)
      problems.push({
        path: '/secondary',
        ratio,
        message: `${theme.secondary} on the white page reaches ${ratioText(ratio)}; buttons and borders need ${AA_COMPONENT_CONTRAST}:1 (WCAG AA): choose a darker colour`,
      });
  }
  return problems;
}
