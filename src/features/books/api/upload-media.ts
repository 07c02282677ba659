import type { ImageUploaded, VideoUploaded } from '../../../contract/media';
import { apiClient } from '../../../lib/api-client';

/** Upload progress from 0 to 100. */
export type UploadProgress = (percent: number) => void;

async function upload<T>(path: string, field: string, file: File, onProgress?: UploadProgress): Promise<T> {
  const form = new FormData();
  form.append(field, file);
  const { data } = await apiClient.post<T>(path, form, {
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
  return data;
}

/** Uploads an image (field `image`); resolves with its URL. Failures carry the server's `error`. */
export async function uploadImage(file: File, onProgress?: UploadProgress): Promise<string> {
  const { imageUrl } = await upload<ImageUploaded>('/media/upload-image/', 'image', file, onProgress);
  return imageUrl;
}

/** Uploads an MP4 video (field `video`); resolves with its URL. */
export async function uploadVideo(file: File, onProgress?: UploadProgress): Promise<string> {
  const { videoUrl } = await upload<VideoUploaded>('/media/upload-video/', 'video', file, onProgress);
  return videoUrl;
}
