/** Upload progress from 0 to 100. */
export type UploadProgress = (percent: number) => void;
/** Uploads a file and resolves with its URL; a failure's message is shown to the author. */
export type MediaUploader = (file: File, onProgress?: UploadProgress) => Promise<string>;

/** A message under the toolbar: an upload failure, or a hint for the author. */
export interface ToolbarNotice {
  severity: 'error' | 'info';
  text: string;
}
