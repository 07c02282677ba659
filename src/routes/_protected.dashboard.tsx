import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { institute } from '../content/institute';
import { isOrganizationAdmin } from '../contract/permissions';
import { AccountSettingsCard } from '../features/auth/components/account-settings-card';
import { AccountSummary } from '../features/auth/components/account-summary';
import { authStore } from '../features/auth/auth-store';
import { myInvitationsQueryOptions, organizationUsersQueryOptions } from '../features/organization/api/organization-members';
import { booksQueryOptions } from '../features/books/api/get-books';
import { assignmentsQueryOptions } from '../features/organization/api/assignments';
import { OfflineSummaryCard } from '../features/downloads/components/offline-summary-card';
import { myAssignmentsQueryOptions } from '../features/progress/api/get-my-assignments';
import { myProgressQueryOptions } from '../features/progress/api/get-my-progress';
import { MyAssignmentsCard } from '../features/progress/components/my-assignments-card';
import { ProgressVisibilityNotice } from '../features/progress/components/progress-notice';
import { ReadingProgressCard } from '../features/progress/components/reading-progress-card';
import { PendingScoresSummary } from '../features/quiz/scores/components/pending-scores-summary';
import { MyInvitationsCard } from '../features/organization/components/my-invitations-card';
import { OrganizationSection } from '../features/organization/components/organization-section';
import { myScoresQueryOptions } from '../features/quiz/scores/api/get-my-scores';
import { QuizHistoryCard } from '../features/quiz/scores/components/quiz-history-card';
import { DueReviewLine } from '../features/review/components/review-links';
import { getStoredUser, useStoredUser } from '../lib/session';
import { OrganizationAssignments } from './-components/organization-assignments';

export const Route = createFileRoute('/_protected/dashboard')({
  // Start the dashboard's data while the session check runs; never wait for it here: offline,
  // the queries pause and the cards show their own loading state.
  loader: ({ context: { queryClient } }) => {
    const user = getStoredUser();
    if (!user) return;
    void queryClient.prefetchQuery(myScoresQueryOptions(user.user_id));
    void queryClient.prefetchQuery(myInvitationsQueryOptions());
    void queryClient.prefetchQuery(myProgressQueryOptions(user.user_id));
    if (user.organization_id !== null) void queryClient.prefetchQuery(myAssignmentsQueryOptions(user.user_id));
    if (isOrganizationAdmin(user)) {
      void queryClient.prefetchQuery(organizationUsersQueryOptions(user.organization_id!));
      void queryClient.prefetchQuery(assignmentsQueryOptions(user.organization_id!));
    }
  },
  component: DashboardPage,
});

/** Joining, leaving or handing over an organization changes the user's claims: read the profile again. */
const readSessionAgain = () => void authStore.checkSession();

function DashboardPage() {
  const user = useStoredUser();
  // The books list (kept for offline use) names the books begun on the reading card.
  const books = useQuery({ ...booksQueryOptions(), enabled: user !== null });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <title>{`Dashboard — ${institute.name}`}</title>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 2 }}>
        Dashboard
      </Typography>
      {user ? (
        <Stack spacing={3}>
          <AccountSummary user={user} />
          <DueReviewLine userId={user.user_id} />
          {user.organization_id !== null && user.organization_name && (
            <ProgressVisibilityNotice userId={user.user_id} organizationId={user.organization_id} organizationName={user.organization_name} />
          )}
          <MyInvitationsCard onJoined={readSessionAgain} />
          {user.organization_id !== null && <MyAssignmentsCard userId={user.user_id} />}
          <OrganizationSection
            user={user}
            onMembershipChanged={readSessionAgain}
            assignments={user.organization_id !== null && <OrganizationAssignments organizationId={user.organization_id} />}
          />
          <ReadingProgressCard userId={user.user_id} books={books.data} />
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
