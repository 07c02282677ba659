import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import type { BaseSelection } from 'lexical';
import { useState } from 'react';
import { decideEmbed } from '../../link-rules';
import { INSERT_VIDEO_EMBED_COMMAND } from '../commands';
import type { ToolbarNotice } from './media-uploader';
import { useSavedSelection } from './saved-selection';
import { ToolButton } from './tool-button';
import { UrlDialog } from './url-dialog';

/** The YouTube/Vimeo embed tool: a watch link becomes the host's player (SPEC §2). */
export function EmbedButton({ disabled, onNotice }: { disabled: boolean; onNotice: (notice: ToolbarNotice | null) => void }) {
  const [editor] = useLexicalComposerContext();
  const { save, restoreAnd } = useSavedSelection();
  const [dialog, setDialog] = useState<{ selection: BaseSelection | null } | null>(null);

  const submitEmbed = (selection: BaseSelection | null, value: string): string | null => {
    const decision = decideEmbed(value);
    if (!decision.ok) return decision.message;
    setDialog(null);
    restoreAnd(selection, () => {
      editor.dispatchCommand(INSERT_VIDEO_EMBED_COMMAND, decision.url);
    });
    return null;
  };

  return (
    <>
      <ToolButton
        label="Embed YouTube or Vimeo video"
        disabled={disabled}
        onClick={() => {
          onNotice(null);
          setDialog({ selection: save() });
        }}
      >
        <SmartDisplayOutlined fontSize="small" />
      </ToolButton>
      {dialog && (
        <UrlDialog
          title="Embed a video"
          description="Paste a YouTube or Vimeo link; it is turned into the video's player."
          label="Video link"
          submitLabel="Embed video"
          onSubmit={(value) => submitEmbed(dialog.selection, value)}
          onClose={() => {
            setDialog(null);
            editor.focus();
          }}
        />
      )}
    </>
  );
}
