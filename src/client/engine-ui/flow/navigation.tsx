import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** Where the candidate is in an application: the task list, a step, or check answers. */
export type FlowView =
  | { page: 'tasks' }
  | {
      page: 'step';
      stepId: string;
      /** Dotted path of the answer to focus (a Change link or an error summary link). */
      focus?: string;
      /** Came from check answers: Back and Continue return there. */
      from?: 'check';
    }
  | { page: 'check' };

export interface FlowNavigation {
  navigate: (view: FlowView) => void;
  hrefFor?: (view: FlowView) => string;
}

export const NavigationContext = createContext<FlowNavigation>({ navigate: () => undefined });

interface FlowLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: FlowView;
}

/**
 * A link to another page of the flow. With the host's `hrefFor` it is a real link (it opens in a
 * new tab, and the host's router can own the address); a plain click navigates in place.
 */
export function FlowLink({ to, onClick, ...props }: FlowLinkProps) {
  const { navigate, hrefFor } = useContext(NavigationContext);
  const href = hrefFor?.(to) ?? '#';
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    if (hrefFor && (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)) return;
    event.preventDefault();
    navigate(to);
  };
  return <a {...props} href={href} onClick={handle} />;
}
