export { computeContextual } from './compute';
export { buildReference, type ContextualReference, type ReferenceTables } from './reference';
