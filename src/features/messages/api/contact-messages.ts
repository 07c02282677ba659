/** The contact form's messages for superusers: a page of them, and marking one handled. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage } from '../../../contract/contact';
import type { Page } from '../../../contract/fields';
import { apiClient } from '../../../lib/api-client';

export type { ContactMessage } from '../../../contract/contact';

/** Messages per page of the list. */
export const MESSAGES_PAGE_SIZE = 20;

export const contactMessageKeys = {
  all: ['contact-messages'] as const,
  page: (page: number) => [...contactMessageKeys.all, 'page', page] as const,
};

/** One page of messages, newest first. */
export async function getContactMessages(page: number): Promise<Page<ContactMessage>> {
  const { data } = await apiClient.get<Page<ContactMessage>>(`/contact/messages/?page=${page}&page_size=${MESSAGES_PAGE_SIZE}`);
  return data;
}

// Not persisted (query-client.ts lists what is): visitors' names and addresses stay off the disk.
export const contactMessagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: contactMessageKeys.page(page),
    queryFn: () => getContactMessages(page),
    placeholderData: keepPreviousData,
  });

export async function setMessageHandled(id: number, handled: boolean): Promise<ContactMessage> {
  const { data } = await apiClient.patch<ContactMessage>(`/contact/messages/${id}/`, { handled });
  return data;
}

/** Marks a message handled (or not); every page of the list is reloaded after. */
export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => setMessageHandled(id, handled),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactMessageKeys.all }),
  });
}
