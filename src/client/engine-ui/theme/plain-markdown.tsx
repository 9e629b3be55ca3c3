import type { ReactNode } from 'react';

/**
 * What the build gives RJSF for `markdown-to-jsx/react` (vite.config.ts, decision 0064): RJSF renders markdown only
 * when a uiSchema sets `ui:enableMarkdownInDescription` or `ui:enableMarkdownInHelp`, which the engine never does, so
 * the 27 kB (brotli) parser would reach every candidate for nothing. Descriptions and hints stay plain text.
 */
export function Markdown({ children }: { children?: ReactNode }): ReactNode {
  return children;
}
