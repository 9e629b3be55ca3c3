import { style } from '@vanilla-extract/css';
import { vars } from '#client/ui/theme.css';
import { media } from '#client/ui/media';
import * as formStyles from '#client/ui/form/form.css';

// The editor beside its preview from the lg breakpoint; one column on phones and tablets.
export const workspace = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': { [media.lg]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' } },
});
export const column = style({ minWidth: 0 });

export const tabs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.s,
  margin: `0 0 ${vars.space.l}`,
  padding: 0,
  listStyle: 'none',
});

export const panel = style({
  border: `1px solid ${vars.colour.border}`,
  padding: vars.space.m,
  marginBottom: vars.space.l,
  minWidth: 0,
});
export const panelError = style({ borderLeft: `5px solid ${vars.colour.error}` });

export const summary = style({ cursor: 'pointer', fontWeight: vars.font.weightBold, padding: `${vars.space.xs} 0` });

export const fieldRow = style({
  borderTop: `1px solid ${vars.colour.border}`,
  paddingTop: vars.space.m,
  marginTop: vars.space.m,
});

export const inline = style({ display: 'flex', flexWrap: 'wrap', gap: `0 ${vars.space.l}` });

export const json = style([
  formStyles.textarea,
  { fontFamily: 'monospace', fontSize: '0.875rem', minHeight: '24rem', width: '100%', maxWidth: '100%' },
]);

export const preview = style({
  border: `2px dashed ${vars.colour.border}`,
  padding: vars.space.m,
  '@media': { [media.lg]: { position: 'sticky', top: vars.space.m } },
});

// A page previewed inside the preview (check answers, the candidate panel): set apart from the choices above it.
export const previewPage = style({ borderTop: `1px solid ${vars.colour.border}`, paddingTop: vars.space.m });

export const swatchHeader = style({
  padding: vars.space.m,
  marginBottom: vars.space.m,
  fontWeight: vars.font.weightBold,
});
export const swatchButton = style({
  display: 'inline-block',
  padding: `${vars.space.s} ${vars.space.m}`,
  fontWeight: vars.font.weightBold,
});

export const changes = style({ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere' });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const cell = style({
  textAlign: 'left',
  verticalAlign: 'top',
  padding: `${vars.space.s} ${vars.space.s} ${vars.space.s} 0`,
  borderBottom: `1px solid ${vars.colour.border}`,
});

export const stageList = style({ listStyle: 'none', padding: 0, margin: `0 0 ${vars.space.l}` });
export const stage = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
export const keyList = style({ overflowWrap: 'anywhere' });

// The menus' and hiring-side features' check boxes: two or three to a row where there is room.
export const flagGrid = style({
  display: 'grid',
  gap: `0 ${vars.space.l}`,
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
});
