import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { useEffect, useState } from 'react';
import { BlockTypeSelect } from './block-type-select';
import { ColourButton } from './colour-button';
import { EmbedButton } from './embed-button';
import { HistoryButtons } from './history-buttons';
import { ImageButton } from './image-button';
import { LinkButton } from './link-button';
import { ListButtons } from './list-buttons';
import type { MediaUploader, ToolbarNotice } from './media-uploader';
import { TextFormatButtons } from './text-format-buttons';
import { useToolbarState } from './toolbar-state';
import { UploadingDialog } from './uploading-dialog';
import { VideoButton } from './video-button';

export type { MediaUploader, UploadProgress } from './media-uploader';

export interface ToolbarPluginProps {
  uploadImage: MediaUploader;
  uploadVideo: MediaUploader;
  /** Reports whether an upload is running (the form must not save meanwhile). */
  onUploadingChange?: (uploading: boolean) => void;
}

const separator = <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />;

/**
 * The editor's toolbar (SPEC §2): undo/redo, block type (paragraph, headings 1–6, quote),
 * bold/italic/underline, lists, the 35-colour palette, link, image and video upload and the
 * YouTube/Vimeo embed. It composes one small component per tool and holds what they share:
 * the message under the bar ('Image upload failed: …' / 'Video upload failed: …') and the
 * uploads' progress.
 */
export function ToolbarPlugin({ uploadImage, uploadVideo, onUploadingChange }: ToolbarPluginProps) {
  const editable = useLexicalEditable();
  const state = useToolbarState();
  const [notice, setNotice] = useState<ToolbarNotice | null>(null);
  const [imageProgress, setImageProgress] = useState<number | null>(null);
  const [videoProgress, setVideoProgress] = useState<number | null>(null);

  const uploading = imageProgress !== null || videoProgress !== null;
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);

  const disabled = !editable;

  return (
    // Sticky: the tools stay at hand while the author scrolls through a long chapter.
    <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: '#f7fafb', position: 'sticky', top: 0, zIndex: 2, borderRadius: '4px 4px 0 0' }}>
      <Box role="toolbar" aria-label="Formatting" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, p: 0.75 }}>
        <HistoryButtons disabled={disabled} canUndo={state.canUndo} canRedo={state.canRedo} />
        {separator}
        <BlockTypeSelect disabled={disabled} blockType={state.blockType} />
        {separator}
        <TextFormatButtons disabled={disabled} bold={state.bold} italic={state.italic} underline={state.underline} />
        <ListButtons disabled={disabled} blockType={state.blockType} />
        <ColourButton disabled={disabled} colour={state.colour} />
        {separator}
        <LinkButton disabled={disabled} isLink={state.link} onNotice={setNotice} />
        <ImageButton disabled={disabled || imageProgress !== null} uploadImage={uploadImage} onProgress={setImageProgress} onNotice={setNotice} />
        <VideoButton disabled={disabled} uploadVideo={uploadVideo} onProgress={setVideoProgress} onNotice={setNotice} />
        <EmbedButton disabled={disabled} onNotice={setNotice} />
      </Box>
      {imageProgress !== null && (
        <Box sx={{ px: 1.5, pb: 1 }}>
          <LinearProgress variant="determinate" value={imageProgress} aria-label="Image upload progress" />
          <Typography variant="caption" role="status">
            Uploading image… {imageProgress}%
          </Typography>
        </Box>
      )}
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)} sx={{ borderRadius: 0 }}>
          {notice.text}
        </Alert>
      )}
      <UploadingDialog open={videoProgress !== null} progress={videoProgress ?? 0} />
    </Box>
  );
}
