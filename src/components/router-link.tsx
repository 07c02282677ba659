import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef } from 'react';

/** MUI components rendered as TanStack Router links: typed `to`/`params`, client-side navigation. */

const MuiLinkAnchor = forwardRef<HTMLAnchorElement, MuiLinkProps>(function MuiLinkAnchor(props, ref) {
  return <MuiLink ref={ref} {...props} />;
});
const CreatedRouterLink = createLink(MuiLinkAnchor);
export const RouterLink: LinkComponent<typeof MuiLinkAnchor> = (props) => <CreatedRouterLink preload="intent" {...props} />;

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps<'a'>>(function ButtonAnchor(props, ref) {
  return <Button ref={ref} component="a" {...props} />;
});
const CreatedRouterButton = createLink(ButtonAnchor);
export const RouterButton: LinkComponent<typeof ButtonAnchor> = (props) => <CreatedRouterButton preload="intent" {...props} />;
