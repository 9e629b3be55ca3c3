// Public API of the engine: pure TypeScript shared by client and server.
export * from './constants';
export * from './rules/host';
