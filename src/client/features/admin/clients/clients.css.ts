import { style } from '@vanilla-extract/css';
import { vars } from '#client/ui/theme.css';
import * as formStyles from '#client/ui/form/form.css';
import { media } from '#client/ui/media';

export const select = style([formStyles.select, { width: '100%', maxWidth: '30rem' }]);
export const label = formStyles.label;
export const formGroup = formStyles.formGroup;
export const narrowInput = style([formStyles.input, { maxWidth: '12rem' }]);

// Tables scroll sideways inside their own box on phones instead of widening the page.
export const tableWrap = style({ overflowX: 'auto', maxWidth: '100%', marginBottom: vars.space.l });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeBody });
export const cell = style({
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.s} ${vars.space.m} ${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
});
export const numeric = style([cell, { textAlign: 'right' }]);

export const section = style({ marginTop: vars.space.xl });
export const logoPreview = style({
  display: 'block',
  maxWidth: '100%',
  width: '240px',
  padding: vars.space.s,
  backgroundColor: vars.brand.headerBackground,
  marginBottom: vars.space.m,
});

export const columns = style({
  display: 'grid',
  gap: vars.space.l,
  '@media': { [media.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.s, alignItems: 'center' });
export const inlineButton = style({ marginBottom: 0 });
export const hint = formStyles.hint;
export const errorMessage = formStyles.errorMessage;
