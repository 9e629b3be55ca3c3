import { style } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { focusRing } from '../focus.css';

// GOV.UK back link: a small link with a chevron, above the page heading.
export const backLink = style({
  display: 'inline-block',
  position: 'relative',
  marginBottom: vars.space.l,
  paddingLeft: '14px',
  fontSize: vars.font.sizeSmall,
  color: vars.colour.text,
  selectors: {
    '&:visited': { color: vars.colour.text },
    '&::before': {
      content: '""',
      position: 'absolute',
      top: 0,
      bottom: 0,
      left: '3px',
      width: '7px',
      height: '7px',
      margin: 'auto 0',
      transform: 'rotate(225deg)',
      borderStyle: 'solid',
      borderColor: 'currentColor',
      borderWidth: '1px 1px 0 0',
    },
    '&:focus-visible': focusRing,
  },
});
