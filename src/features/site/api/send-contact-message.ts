/**
 * POST /contact/: the contact form's message to the institute. The form loads this module when
 * it sends, so the public pages load no API client before someone writes to the institute.
 */
import type { ContactRequest } from '../../../contract/contact';
import { apiClient } from '../../../lib/api-client';

export async function sendContactMessage(message: ContactRequest): Promise<void> {
  await apiClient.post('/contact/', message);
}
