import { useQuery } from '@tanstack/react-query';
import { booksQueryOptions } from '../../features/books/api/get-books';
import { AssignmentsCard } from '../../features/organization/components/assignments-card';

/** The dashboard's assignments card: the organization feature's card with the books feature's list to choose from. */
export function OrganizationAssignments({ organizationId }: { organizationId: number }) {
  const books = useQuery(booksQueryOptions());
  return <AssignmentsCard organizationId={organizationId} books={books.data} />;
}
