/** Media uploads (SPEC §7 POST /media/upload-image/ and /media/upload-video/; §3 "Upload responses"). */
import { z } from './zod';

/** The answer to an image upload (field `image`). */
export const imageUploadedSchema = z.object({ imageUrl: z.string() });
export type ImageUploaded = z.infer<typeof imageUploadedSchema>;

/** The answer to an MP4 video upload (field `video`). */
export const videoUploadedSchema = z.object({ videoUrl: z.string() });
export type VideoUploaded = z.infer<typeof videoUploadedSchema>;
