import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '../components/placeholder-page';

/** Placeholder: the accounts feature replaces this body with the registration tabs. */
export const Route = createFileRoute('/register')({
  component: () => <PlaceholderPage title="Register">Registration is being set up.</PlaceholderPage>,
});
