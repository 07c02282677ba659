import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

/** Placeholder: the accounts feature replaces this body with the login form. */
export const Route = createFileRoute('/login')({
  component: () => <PlaceholderPage title="Login">Sign-in is being set up.</PlaceholderPage>,
});
