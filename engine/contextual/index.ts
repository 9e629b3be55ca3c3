export { computeContextual } from './compute';
export { buildReference, type ReferenceTables } from './reference';
export { FLAG_NAMES, isContextualListField } from './panel';
