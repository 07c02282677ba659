import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { preload } from 'react-dom';
import { imageSizes, imageSrcSet } from '../contract/image-variants';

/**
 * What the browser chooses a SafeImage's file from: the server's copies of an uploaded image
 * (`srcSet`, none for any other image) and the width it is shown at (`sizes`, at most `width` px).
 * SafeImage renders these, and preloadSafeImage asks for the same: one definition, so a preload
 * picks the file the image then uses (fetched once, not twice).
 */
export function safeImageSources(src: string, width: number): { srcSet: string | undefined; sizes: string } {
  return { srcSet: imageSrcSet(src), sizes: imageSizes(width) };
}

/**
 * Starts fetching, at high priority, the file a SafeImage of `src` shown `width` px wide will
 * use, before it renders (a route loader, for the page's largest image).
 */
export function preloadSafeImage(src: string, width: number): void {
  const { srcSet, sizes } = safeImageSources(src, width);
  preload(src, { as: 'image', fetchPriority: 'high', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}) });
}

export interface SafeImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above-the-fold images load eagerly; everything else lazily. */
  eager?: boolean;
  sx?: SxProps<Theme>;
  /** Object-fit of the image inside its box. */
  fit?: 'cover' | 'contain';
  /** 'high' for the page's largest image (the first card's cover). */
  fetchPriority?: 'high' | 'low' | 'auto';
}

/**
 * An image with intrinsic width/height (no layout shift), lazy loading below the fold, the
 * server's phone-sized copies of an uploaded image in `srcset` (shown at most `width` px wide), and a
 * neutral placeholder with the alt text when the file cannot be loaded (offline, removed).
 */
export function SafeImage({ src, alt, width, height, eager = false, sx, fit = 'cover', fetchPriority }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const { srcSet, sizes } = safeImageSources(src, width);
  if (failedSrc === src) {
    return (
      <Box
        role="img"
        aria-label={alt}
        data-testid="image-placeholder"
        sx={[
          {
            aspectRatio: `${width} / ${height}`,
            width: '100%',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            bgcolor: '#e3ecf0',
            color: 'text.secondary',
            textAlign: 'center',
            p: 2,
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        <ImageNotSupportedOutlined aria-hidden fontSize="large" />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      fetchPriority={fetchPriority}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      sx={[{ display: 'block', width: '100%', height: 'auto', aspectRatio: `${width} / ${height}`, objectFit: fit }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
