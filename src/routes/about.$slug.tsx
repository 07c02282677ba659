import { createFileRoute } from '@tanstack/react-router';
import { TeamMemberPage } from '../features/site/components/team-member-page';

export const Route = createFileRoute('/about/$slug')({
  component: TeamMemberRoute,
});

function TeamMemberRoute() {
  const { slug } = Route.useParams();
  return <TeamMemberPage slug={slug} />;
}
