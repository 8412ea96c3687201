import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type Ref } from 'react';

export type InternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; ref?: Ref<HTMLAnchorElement> };

/**
 * The link of the console's own paths for the parts that render both inside the router and in
 * the first-load sign-in shell (main.tsx), which has no router: the logo and the sign-in page.
 * The app provides react-router's Link; the shell its own; without either, a plain link.
 */
export type InternalLinkComponent = ComponentType<InternalLinkProps>;

function DocumentLink({ to, ...anchor }: InternalLinkProps) {
  return <a href={to} {...anchor} />;
}

export const LinkComponentContext = createContext<InternalLinkComponent>(DocumentLink);

export function useLinkComponent(): InternalLinkComponent {
  return useContext(LinkComponentContext);
}
