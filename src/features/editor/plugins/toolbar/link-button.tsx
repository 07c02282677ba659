import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import { TOGGLE_LINK_COMMAND } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import type { BaseSelection } from 'lexical';
import { useState } from 'react';
import { decideLink, mailtoForSelection } from '../../link-rules';
import type { ToolbarNotice } from './media-uploader';
import { useSavedSelection } from './saved-selection';
import { ToolButton } from './tool-button';
import { UrlDialog } from './url-dialog';

/**
 * The link tool (SPEC §2): on a link it removes the link; selected email-like text becomes a
 * mailto link at once; other text asks for an address, which the shared link rule checks.
 */
export function LinkButton({ disabled, isLink, onNotice }: { disabled: boolean; isLink: boolean; onNotice: (notice: ToolbarNotice | null) => void }) {
  const [editor] = useLexicalComposerContext();
  const { save, restoreAnd } = useSavedSelection();
  const [dialog, setDialog] = useState<{ selection: BaseSelection | null; initialValue: string } | null>(null);

  const openLinkTool = () => {
    onNotice(null);
    if (isLink) {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
      return;
    }
    const selection = save();
    const text = editor.read(() => selection?.getTextContent() ?? '');
    if (!text.trim()) {
      onNotice({ severity: 'info', text: 'Select the words to link first.' });
      return;
    }
    const mailto = mailtoForSelection(text);
    if (mailto) {
      restoreAnd(selection, () => {
        editor.dispatchCommand(TOGGLE_LINK_COMMAND, { url: mailto, rel: 'noopener noreferrer', target: null });
      });
      return;
    }
    setDialog({ selection, initialValue: /^(https?:\/\/|www\.)/i.test(text.trim()) ? text.trim() : '' });
  };

  const submitLink = (selection: BaseSelection | null, value: string): string | null => {
    const decision = decideLink(value);
    if (!decision.ok) return decision.message;
    setDialog(null);
    restoreAnd(selection, () => {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, { url: decision.url, rel: 'noopener noreferrer', target: decision.target });
    });
    return null;
  };

  return (
    <>
      <ToolButton label={isLink ? 'Remove link' : 'Link'} pressed={isLink} disabled={disabled} onClick={openLinkTool}>
        {isLink ? <LinkOff fontSize="small" /> : <InsertLink fontSize="small" />}
      </ToolButton>
      {dialog && (
        <UrlDialog
          title="Insert link"
          description="Enter a web address or an email address. Other kinds of links are not allowed."
          label="Link address"
          submitLabel="Apply link"
          initialValue={dialog.initialValue}
          onSubmit={(value) => submitLink(dialog.selection, value)}
          onClose={() => {
            setDialog(null);
            editor.focus();
          }}
        />
      )}
    </>
  );
}
