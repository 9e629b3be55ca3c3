import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

export const banner = style({
  padding: `${vars.space.l} ${vars.space.m} 0`,
  background: vars.colour.panel,
  borderBottom: `1px solid ${vars.colour.border}`,
  '@media': { print: { display: 'none' } },
});

export const inner = style({ maxWidth: vars.measure.page, margin: '0 auto' });

export const title = style({ fontSize: vars.font.sizeH3 });

export const section = style({
  marginTop: vars.space.l,
  paddingTop: vars.space.m,
  borderTop: `1px solid ${vars.colour.border}`,
});

export const sectionTitle = style({ marginBottom: vars.space.s });

export const alwaysOn = style({ fontWeight: vars.font.weightBold });

export const actions = style({ marginTop: vars.space.xl });
