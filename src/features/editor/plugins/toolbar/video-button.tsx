import VideoFileOutlined from '@mui/icons-material/VideoFileOutlined';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { type ChangeEvent, useRef } from 'react';
import { INSERT_VIDEO_COMMAND } from '../commands';
import type { MediaUploader, ToolbarNotice } from './media-uploader';
import { useSavedSelection } from './saved-selection';
import { ToolButton } from './tool-button';

export interface VideoButtonProps {
  disabled: boolean;
  uploadVideo: MediaUploader;
  /** The upload's progress from 0 to 100, and null when it has ended. */
  onProgress: (percent: number | null) => void;
  onNotice: (notice: ToolbarNotice | null) => void;
}

/** Video upload (video/mp4 only, SPEC §2): the editor is read-only while the video uploads. */
export function VideoButton({ disabled, uploadVideo, onProgress, onNotice }: VideoButtonProps) {
  const [editor] = useLexicalComposerContext();
  const { save, take, restoreAnd } = useSavedSelection();
  const input = useRef<HTMLInputElement>(null);

  const chooseVideo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const selection = take();
    onNotice(null);
    if (file.type !== 'video/mp4') {
      onNotice({ severity: 'error', text: 'Video upload failed: Only MP4 videos can be uploaded.' });
      return;
    }
    editor.setEditable(false);
    onProgress(0);
    try {
      const src = await uploadVideo(file, onProgress);
      editor.setEditable(true);
      restoreAnd(selection, () => {
        editor.dispatchCommand(INSERT_VIDEO_COMMAND, src);
      });
    } catch (error) {
      onNotice({ severity: 'error', text: `Video upload failed: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      editor.setEditable(true);
      onProgress(null);
    }
  };

  return (
    <>
      <ToolButton
        label="Upload video"
        disabled={disabled}
        onClick={() => {
          save();
          input.current?.click();
        }}
      >
        <VideoFileOutlined fontSize="small" />
      </ToolButton>
      <input ref={input} type="file" accept="video/mp4" hidden data-testid="editor-video-input" onChange={(event) => void chooseVideo(event)} />
    </>
  );
}
