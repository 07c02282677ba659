/** Thrown by the reader's loader: offline, and this book is not downloaded. */
export class NeedsConnectionError extends Error {
  constructor() {
    super('This book is not downloaded, and there is no connection.');
    this.name = 'NeedsConnectionError';
  }
}
