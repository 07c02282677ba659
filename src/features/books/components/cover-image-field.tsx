import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { uploadImage } from '../api/upload-media';
import { coverUploadErrorMessage } from '../book-text';

export interface CoverImageFieldProps {
  /** The uploaded image's URL, or '' when there is none (cleared or failed). */
  onChange: (url: string) => void;
  onUploadingChange: (uploading: boolean) => void;
  disabled?: boolean;
}

type CoverState =
  { phase: 'idle' } | { phase: 'uploading'; progress: number; preview: string } | { phase: 'done'; preview: string } | { phase: 'failed'; message: string };

/**
 * SPEC §4 "Cover upload": idle → uploading (0–100) → the URL is stored; on failure the file
 * and preview are cleared and the error shows. The upload starts as soon as a file is chosen.
 */
export function CoverImageField({ onChange, onUploadingChange, disabled }: CoverImageFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CoverState>({ phase: 'idle' });
  // Each choice gets a number: the answer of an older upload never overwrites a newer choice.
  const attempt = useRef(0);

  const preview = state.phase === 'uploading' || state.phase === 'done' ? state.preview : null;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const clearFile = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = async (file: File | undefined) => {
    const current = ++attempt.current;
    onChange('');
    if (!file) {
      setState({ phase: 'idle' });
      onUploadingChange(false);
      return;
    }
    if (!file.type.startsWith('image/')) {
      clearFile();
      setState({ phase: 'failed', message: 'Please choose an image file.' });
      onUploadingChange(false);
      return;
    }
    const localPreview = URL.createObjectURL(file);
    setState({ phase: 'uploading', progress: 0, preview: localPreview });
    onUploadingChange(true);
    try {
      const url = await uploadImage(file, (progress) => {
        if (attempt.current === current) setState({ phase: 'uploading', progress, preview: localPreview });
      });
      if (attempt.current !== current) return;
      setState({ phase: 'done', preview: localPreview });
      onChange(url);
    } catch (error) {
      if (attempt.current !== current) return;
      clearFile();
      setState({ phase: 'failed', message: coverUploadErrorMessage(error) });
    } finally {
      if (attempt.current === current) onUploadingChange(false);
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography component="label" htmlFor={`${id}-file`} sx={{ fontWeight: 600 }}>
        Cover Image
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<CloudUploadOutlined />} disabled={disabled}>
          Choose image
          <input
            ref={inputRef}
            id={`${id}-file`}
            data-testid="cover-input"
            type="file"
            accept="image/*"
            hidden
            disabled={disabled}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Optional. JPEG, PNG, WebP or GIF.
        </Typography>
      </Stack>
      {state.phase === 'uploading' && (
        <Box>
          <LinearProgress variant="determinate" value={state.progress} aria-label="Cover image upload progress" />
          <Typography variant="caption" role="status">
            Uploading cover image… {state.progress}%
          </Typography>
        </Box>
      )}
      {state.phase === 'done' && (
        <Typography variant="caption" role="status" sx={{ color: 'success.main' }}>
          Cover image uploaded.
        </Typography>
      )}
      {state.phase === 'failed' && <Alert severity="error">{state.message}</Alert>}
      {preview && (
        <Box
          component="img"
          src={preview}
          alt="Cover preview"
          sx={{ display: 'block', maxWidth: 240, maxHeight: 200, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
      )}
    </Stack>
  );
}
