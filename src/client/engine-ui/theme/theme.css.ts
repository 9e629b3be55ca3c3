import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';
import { controlFocusRing } from '../../ui/focus.css';
import * as formStyles from '../../ui/form/form.css';

/**
 * Styles of the form renderer, on the theme contract and modelled on the GOV.UK Design System.
 * Form groups, labels, hints, error messages, inputs, selects, text areas and choices come from
 * ui/form/form.css.ts;
 * what is here is what only compiled forms need.
 */

export const pageHeading = style({ outline: 'none' });

export const section = style({ marginBottom: vars.space.xl });
export const sectionHeading = style({ fontSize: vars.font.sizeH2, marginBottom: vars.space.m });
export const sectionDescription = style({ color: vars.colour.secondaryText, marginBottom: vars.space.l });

/**
 * One question of a step (decision 0082): while it is off screen the browser neither lays it out nor paints it (a
 * 300-question step then lays out the questions in view, not 5,000 boxes, when it appears and when Continue shows
 * every inline error); it keeps its last size, or about 120 px before it has one, so the scroll bar stays right.
 * Content visibility contains paint, so 5 px of padding (taken back by the margin) keeps a control's 3 px focus ring
 * inside; questions with a pop-up list are not wrapped (their list would be clipped, FieldTemplate).
 */
export const deferredQuestion = style({
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 120px',
  padding: '5px 5px 0',
  margin: '-5px -5px 0',
});

/**
 * A question's inline error message (QuestionError): always in the document, hidden while empty. A failed Continue
 * fills it in and the question's group then takes the error's red left border by CSS, so the question's frame stays as
 * it was (decision 0090). A repeatable group's error is not one of these: it is about its items, not their answers.
 */
export const questionErrorText = style({ selectors: { '&:empty': { display: 'none' } } });

/**
 * A question's form group (FieldTemplate). Its text controls take the error border from their own `aria-invalid`,
 * which they set while the question has an error: a selector from the error message to the controls after it restyled
 * and laid out every question's subtree on a failed Continue, this one only the controls (decision 0090).
 */
export const questionGroup = style({});
const shownError = `${questionErrorText}:not(:empty)`;
globalStyle(`${questionGroup}:has(> ${shownError}, > fieldset > ${shownError})`, formStyles.formGroupErrorRule);
globalStyle(
  `${questionGroup} :is(${formStyles.input}, ${formStyles.select}, ${formStyles.textarea})[aria-invalid="true"]`,
  { borderColor: vars.colour.error },
);

/** A question's label or legend: the design system's, at body size (one question per group, not a page heading). */
export const questionLabel = style([formStyles.label, { fontSize: vars.font.sizeBody }]);
export const questionLegend = style([formStyles.legend, { fontSize: vars.font.sizeBody }]);

// GOV.UK fixed-width inputs: the width hints at the expected answer.
export const widths = styleVariants({
  full: { maxWidth: '30em' },
  w20: { maxWidth: '41ex' },
  w10: { maxWidth: '23ex' },
  w5: { maxWidth: '10.8ex' },
  w4: { maxWidth: '9ex' },
  w2: { maxWidth: '5.4ex' },
});

export const inputWithSuffix = style({ display: 'flex', alignItems: 'stretch' });
export const suffix = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '2.5rem',
  padding: `0 ${vars.space.xs}`,
  border: `2px solid ${vars.colour.inputBorder}`,
  borderLeft: 0,
  backgroundColor: vars.colour.panel,
  fontSize: vars.font.sizeBody,
  whiteSpace: 'nowrap',
});

export const inlineChoices = style({ display: 'flex', flexWrap: 'wrap', columnGap: vars.space.l });

export const countMessage = style({ display: 'block', marginTop: vars.space.xs, color: vars.colour.secondaryText });
export const countMessageOver = style({ color: vars.colour.error, fontWeight: vars.font.weightBold });

export const dateInput = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.m });
export const dateItem = style({ display: 'flex', flexDirection: 'column' });
export const dateLabel = style({ marginBottom: vars.space.xs });

// GOV.UK error summary: red border, focusable, links in the error colour.
// Repeatable groups ("add another"): each item its own fieldset, separated by a rule.
export const group = style({ margin: 0, padding: 0, border: 0, minWidth: 0, outline: 'none' });
export const groupItem = style({
  margin: `0 0 ${vars.space.l}`,
  padding: `0 0 ${vars.space.s}`,
  border: 0,
  borderBottom: `1px solid ${vars.colour.border}`,
  minWidth: 0,
  selectors: { '&:focus': { outline: `3px solid ${vars.colour.focus}`, outlineOffset: 4 } },
});
export const groupItemLegend = style({
  marginBottom: vars.space.m,
  padding: 0,
  fontWeight: vars.font.weightBold,
  fontSize: vars.font.sizeH3,
});

// Type-ahead (ARIA 1.2 combobox).
export const combobox = style({ position: 'relative', maxWidth: '30em' });
export const listbox = style({
  position: 'absolute',
  zIndex: 100,
  left: 0,
  right: 0,
  top: '100%',
  maxHeight: '16em',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  border: `2px solid ${vars.colour.inputBorder}`,
  borderTop: 0,
  backgroundColor: vars.colour.background,
});
export const option = style({
  padding: vars.space.s,
  borderBottom: `1px solid ${vars.colour.border}`,
  cursor: 'pointer',
  selectors: { '&:hover': { backgroundColor: vars.colour.panel } },
});
export const optionActive = style({
  backgroundColor: vars.colour.link,
  color: '#ffffff',
  selectors: { '&:hover': { backgroundColor: vars.colour.link } },
});

export const fileInput = style({
  display: 'block',
  maxWidth: '100%',
  fontFamily: 'inherit',
  fontSize: vars.font.sizeBody,
  // Hidden while a file is stored (Replace opens it): `display: block` would otherwise show it.
  selectors: { '&:focus-visible': controlFocusRing, '&[hidden]': { display: 'none' } },
});
export const fileChosen = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `0 ${vars.space.m}`,
});
/** Where a file can be dropped as well as chosen (GOV.UK file upload with a drop zone). */
export const dropZone = style({
  padding: vars.space.m,
  border: `2px dashed ${vars.colour.border}`,
});
export const dropZoneActive = style([dropZone, { borderColor: vars.colour.link, backgroundColor: vars.colour.panel }]);
export const dropHint = style({ margin: `${vars.space.s} 0 0`, color: vars.colour.secondaryText });
export const fileName = style({ fontWeight: vars.font.weightBold, overflowWrap: 'anywhere' });
export const localError = style(formStyles.formGroupErrorRule);

export const submitRow = style({ marginTop: vars.space.l });

/** Around a step's form, to check Continue before RJSF's submit (step-form.tsx): no box of its own. */
export const stepFormFrame = style({ display: 'contents' });
