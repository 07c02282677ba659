/** What a download fetches besides the book and its chapters (src/api): the size of each medium. */

/** The size in bytes of a same-origin medium (HEAD's Content-Length), or null when unknown. */
export async function getMediaSize(url: string, signal?: AbortSignal): Promise<number | null> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin', signal });
    const length = response.ok ? Number(response.headers.get('content-length')) : NaN;
    // A HEAD answer has no body, but a proxy may send one: it is never read, so cancel it.
    await response.body?.cancel();
    return Number.isFinite(length) && length > 0 ? length : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}
