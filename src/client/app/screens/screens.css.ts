import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { media } from '../../ui/media';

/** Stand-alone screens shown without the site frame (it may be what failed). */
export const standalone = style({
  flex: '1 0 auto',
  width: '100%',
  maxWidth: `calc(${vars.measure.page} + 2 * ${vars.space.xl})`,
  marginInline: 'auto',
  padding: `${vars.space.xl} ${vars.space.m}`,
  outline: 'none',
  '@media': { [media.sm]: { padding: `${vars.space.xxl} ${vars.space.xl}` } },
});

export const detail = style({ color: vars.colour.secondaryText });
