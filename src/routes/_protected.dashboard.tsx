import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createFileRoute } from '@tanstack/react-router';
import { institute } from '../content/institute';
import { isOrganizationAdmin } from '../contract/permissions';
import { AccountSettingsCard } from '../features/auth/components/account-settings-card';
import { AccountSummary } from '../features/auth/components/account-summary';
import { authStore } from '../features/auth/auth-store';
import { myInvitationsQueryOptions, organizationUsersQueryOptions } from '../features/organization/api/organization-members';
import { OfflineSummaryCard } from '../features/downloads/components/offline-summary-card';
import { PendingScoresSummary } from '../features/quiz/scores/components/pending-scores-summary';
import { MyInvitationsCard } from '../features/organization/components/my-invitations-card';
import { OrganizationSection } from '../features/organization/components/organization-section';
import { myScoresQueryOptions } from '../features/quiz/scores/api/get-my-scores';
import { QuizHistoryCard } from '../features/quiz/scores/components/quiz-history-card';
import { getStoredUser, useStoredUser } from '../lib/session';

export const Route = createFileRoute('/_protected/dashboard')({
  // Start the dashboard's data while the session check runs; never wait for it here: offline,
  // the queries pause and the cards show their own loading state.
  loader: ({ context: { queryClient } }) => {
    const user = getStoredUser();
    if (!user) return;
    void queryClient.prefetchQuery(myScoresQueryOptions(user.user_id));
    void queryClient.prefetchQuery(myInvitationsQueryOptions());
    if (isOrganizationAdmin(user)) void queryClient.prefetchQuery(organizationUsersQueryOptions(user.organization_id!));
  },
  component: DashboardPage,
});

/** Joining, leaving or handing over an organization changes the user's claims: read the profile again. */
const readSessionAgain = () => void authStore.checkSession();

function DashboardPage() {
  const user = useStoredUser();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <title>{`Dashboard — ${institute.name}`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 2 }}>
        Dashboard
      </Typography>
      {user ? (
        <Stack spacing={3}>
          <AccountSummary user={user} />
          <MyInvitationsCard onJoined={readSessionAgain} />
          <OrganizationSection user={user} onMembershipChanged={readSessionAgain} />
          <QuizHistoryCard userId={user.user_id} />
          <OfflineSummaryCard scores={<PendingScoresSummary />} />
          <AccountSettingsCard user={user} />
        </Stack>
      ) : (
        <Typography>Please log in to view the dashboard.</Typography>
      )}
    </Container>
  );
}
