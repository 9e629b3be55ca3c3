export { computeContextual } from './compute';
export { buildReference, type ReferenceTables } from './reference';
export { contextualPanelRow, FLAG_NAMES, isContextualListField } from './panel';
