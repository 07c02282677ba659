import type { Ref } from 'react';
import { imageSrcSet } from '../../../contract/image-variants';
import { isEmbedUrl, isSafeMediaUrl } from '../../../contract/urls';
import { MediaLabel } from './media-label';

/**
 * How a chapter's images and videos look, in the editor (through the Lexical nodes, which add
 * selection) and in the reader (which renders stored chapters without Lexical). No Lexical here.
 */
type MediaState = { editable?: boolean; selected?: boolean };

/** The outline of a selected media block. */
export const selectedOutline = { outline: '3px solid #0b4f6c', outlineOffset: '2px' } as const;

/** A figure fills the chapter's column (at most about 760 px wide): a phone fetches a copy that fits it. */
const CHAPTER_IMAGE_SIZES = '(max-width: 800px) 100vw, 760px';

export type ChapterImageProps = MediaState & {
  src: string;
  altText: string;
  /** Intrinsic size in pixels; 0 when unknown. */
  width: number;
  height: number;
  caption: string;
  ref?: Ref<HTMLElement>;
};

export function ChapterImageView({ src, altText, width, height, caption, editable = false, selected = false, ref }: ChapterImageProps) {
  // Stored content is sanitised on the server; the reader still refuses anything but http(s) and /media/.
  if (!isSafeMediaUrl(src)) return null;
  return (
    <figure ref={ref} className="ch-media ch-figure" style={{ margin: '1.25em 0', textAlign: 'center' }}>
      <img
        src={src}
        srcSet={width > 0 ? imageSrcSet(src, width) : undefined}
        sizes={CHAPTER_IMAGE_SIZES}
        alt={altText}
        width={width || undefined}
        height={height || undefined}
        loading="lazy"
        decoding="async"
        draggable={false}
        style={{
          maxWidth: '100%',
          height: 'auto',
          borderRadius: 6,
          cursor: editable ? 'pointer' : undefined,
          ...(selected ? selectedOutline : null),
        }}
      />
      {caption && <figcaption style={{ fontSize: '0.875em', color: '#3d5360', marginTop: '0.5em', fontStyle: 'italic' }}>{caption}</figcaption>}
    </figure>
  );
}

export function ChapterVideoView({ src, editable = false, selected = false, ref }: MediaState & { src: string; ref?: Ref<HTMLDivElement> }) {
  if (!isSafeMediaUrl(src)) return null;
  return (
    <div ref={ref} className="ch-media" style={{ margin: '1.25em 0', ...(selected ? selectedOutline : null) }}>
      {editable && <MediaLabel>Video</MediaLabel>}
      <video
        controls
        preload="metadata"
        playsInline
        src={src}
        style={{ display: 'block', width: '100%', maxHeight: '70vh', borderRadius: 6, background: '#000' }}
      >
        <a href={src}>Download the video</a>
      </video>
    </div>
  );
}

const hostName = (url: string) => (url.includes('vimeo') ? 'Vimeo' : 'YouTube');

export function VideoEmbedView({ url, editable = false, selected = false, ref }: MediaState & { url: string; ref?: Ref<HTMLDivElement> }) {
  // Only the embed addresses toEmbedUrl produces ever become an iframe.
  if (!isEmbedUrl(url)) return null;
  return (
    <div ref={ref} className="ch-media" style={{ margin: '1.25em 0', ...(selected ? selectedOutline : null) }}>
      {editable && <MediaLabel>{hostName(url)} video</MediaLabel>}
      <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', background: '#000', borderRadius: 6, overflow: 'hidden' }}>
        <iframe
          src={url}
          title={`${hostName(url)} video`}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, pointerEvents: editable ? 'none' : undefined }}
        />
      </div>
    </div>
  );
}
