import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef } from 'react';

/** MUI's ListItemButton as a TanStack Router link (router-link.tsx has the others). */
const ListItemAnchor = forwardRef<HTMLAnchorElement, ListItemButtonProps<'a'>>(function ListItemAnchor(props, ref) {
  return <ListItemButton ref={ref} component="a" {...props} />;
});
const CreatedRouterListItem = createLink(ListItemAnchor);
export const RouterListItemButton: LinkComponent<typeof ListItemAnchor> = (props) => <CreatedRouterListItem preload="intent" {...props} />;
