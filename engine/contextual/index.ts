export { computeContextual } from './compute';
export { buildReference, type ContextualReference, type ReferenceTables } from './reference';
export { CONTEXTUAL_LIST_FIELDS, contextualPanelRow, FLAG_NAMES, isContextualListField } from './panel';
