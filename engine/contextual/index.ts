export { computeContextual } from './compute';
export { buildReference, type ReferenceTables } from './reference';
export { contextualPanelRow, isContextualListField } from './panel';
