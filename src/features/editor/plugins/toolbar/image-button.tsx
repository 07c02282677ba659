import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { type ChangeEvent, useRef } from 'react';
import { INSERT_IMAGE_COMMAND } from '../commands';
import type { MediaUploader, ToolbarNotice } from './media-uploader';
import { useSavedSelection } from './saved-selection';
import { ToolButton } from './tool-button';

const altFromFileName = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();

async function imageSize(file: File): Promise<{ width: number; height: number }> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: 0, height: 0 };
  }
}

export interface ImageButtonProps {
  disabled: boolean;
  uploadImage: MediaUploader;
  /** The upload's progress from 0 to 100, and null when it has ended. */
  onProgress: (percent: number | null) => void;
  onNotice: (notice: ToolbarNotice | null) => void;
}

/** Image insert (image/* only, SPEC §2): uploads the file, then inserts it where the author was. */
export function ImageButton({ disabled, uploadImage, onProgress, onNotice }: ImageButtonProps) {
  const [editor] = useLexicalComposerContext();
  const { save, take, restoreAnd } = useSavedSelection();
  const input = useRef<HTMLInputElement>(null);

  const chooseImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const selection = take();
    onNotice(null);
    if (!file.type.startsWith('image/')) {
      onNotice({ severity: 'error', text: 'Image upload failed: Only image files can be inserted.' });
      return;
    }
    onProgress(0);
    try {
      const [size, src] = await Promise.all([imageSize(file), uploadImage(file, onProgress)]);
      restoreAnd(selection, () => {
        editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src, altText: altFromFileName(file.name), ...size });
      });
    } catch (error) {
      onNotice({ severity: 'error', text: `Image upload failed: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      onProgress(null);
    }
  };

  return (
    <>
      <ToolButton
        label="Insert image"
        disabled={disabled}
        onClick={() => {
          save();
          input.current?.click();
        }}
      >
        <ImageOutlined fontSize="small" />
      </ToolButton>
      <input ref={input} type="file" accept="image/*" hidden data-testid="editor-image-input" onChange={(event) => void chooseImage(event)} />
    </>
  );
}
