import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';

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
}

/**
 * An image with intrinsic width/height (no layout shift), lazy loading below the fold, and a
 * neutral placeholder with the alt text when the file cannot be loaded (offline, removed).
 */
export function SafeImage({ src, alt, width, height, eager = false, sx, fit = 'cover' }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
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
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      sx={[
        { display: 'block', width: '100%', height: 'auto', aspectRatio: `${width} / ${height}`, objectFit: fit },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
