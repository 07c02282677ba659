import { createFileRoute } from '@tanstack/react-router';
import { InnovationsPage } from '../features/site/components/innovations-page';

export const Route = createFileRoute('/innovations')({
  component: InnovationsPage,
});
