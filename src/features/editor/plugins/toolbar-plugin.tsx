import FormatBold from '@mui/icons-material/FormatBold';
import FormatColorText from '@mui/icons-material/FormatColorText';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Redo from '@mui/icons-material/Redo';
import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import Undo from '@mui/icons-material/Undo';
import VideoFileOutlined from '@mui/icons-material/VideoFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useLexicalEditable } from '@lexical/react/useLexicalEditable';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, type HeadingTagType } from '@lexical/rich-text';
import { $getSelectionStyleValueForProperty, $patchStyleText, $setBlocksType } from '@lexical/selection';
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  $isTextNode,
  $setSelection,
  type BaseSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  SELECTION_CHANGE_COMMAND,
  type TextFormatType,
  UNDO_COMMAND,
} from 'lexical';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { ColourPicker } from '../components/colour-picker';
import { UploadingDialog } from '../components/uploading-dialog';
import { UrlDialog } from '../components/url-dialog';
import { decideEmbed, decideLink, mailtoForSelection } from '../link-rules';
import { INSERT_IMAGE_COMMAND, INSERT_VIDEO_COMMAND, INSERT_VIDEO_EMBED_COMMAND } from './commands';

/** Upload progress from 0 to 100. */
export type UploadProgress = (percent: number) => void;
/** Uploads a file and resolves with its URL; a failure's message is shown to the author. */
export type MediaUploader = (file: File, onProgress?: UploadProgress) => Promise<string>;

export interface ToolbarPluginProps {
  uploadImage: MediaUploader;
  uploadVideo: MediaUploader;
  /** Reports whether an upload is running (the form must not save meanwhile). */
  onUploadingChange?: (uploading: boolean) => void;
}

const HEADINGS: readonly HeadingTagType[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
type BlockType = 'paragraph' | 'quote' | 'bullet' | 'number' | 'check' | HeadingTagType;
const BLOCK_LABELS: Record<string, string> = {
  paragraph: 'Normal text',
  ...Object.fromEntries(HEADINGS.map((tag) => [tag, `Heading ${tag.slice(1)}`])),
  quote: 'Quote',
};

interface ToolbarState {
  blockType: BlockType;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  link: boolean;
  colour: string;
  canUndo: boolean;
  canRedo: boolean;
}

const initialState: ToolbarState = {
  blockType: 'paragraph',
  bold: false,
  italic: false,
  underline: false,
  link: false,
  colour: '',
  canUndo: false,
  canRedo: false,
};

type Dialog = { kind: 'link'; selection: BaseSelection | null; initialValue: string } | { kind: 'embed'; selection: BaseSelection | null } | null;

function ToolButton({ label, pressed, disabled, onClick, children }: { label: string; pressed?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          aria-pressed={pressed}
          disabled={disabled}
          onClick={onClick}
          // Keep the editor's selection: the button must not take focus on mouse down.
          onMouseDown={(event) => event.preventDefault()}
          size="small"
          sx={{ borderRadius: 1, ...(pressed ? { bgcolor: 'action.selected' } : null) }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** True while every node the selection points at still exists with room for its offsets. */
function $isSelectionAlive(selection: BaseSelection): boolean {
  try {
    if ($isRangeSelection(selection)) {
      return [selection.anchor, selection.focus].every((point) => {
        const node = point.getNode();
        return node.isAttached() && point.offset <= ($isTextNode(node) ? node.getTextContentSize() : $isElementNode(node) ? node.getChildrenSize() : 0);
      });
    }
    return selection.getNodes().every((node) => node.isAttached());
  } catch {
    return false;
  }
}

const altFromFileName = (name: string) => name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim();

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

/**
 * The editor's toolbar (SPEC §2): undo/redo, block type (paragraph, headings 1–6, quote),
 * bold/italic/underline, lists, the 35-colour palette, link, image and video upload and the
 * YouTube/Vimeo embed. Upload failures show 'Image upload failed: …' / 'Video upload failed: …'.
 */
export function ToolbarPlugin({ uploadImage, uploadVideo, onUploadingChange }: ToolbarPluginProps) {
  const [editor] = useLexicalComposerContext();
  const editable = useLexicalEditable();
  const [state, setState] = useState<ToolbarState>(initialState);
  const [colourAnchor, setColourAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<{ severity: 'error' | 'info'; text: string } | null>(null);
  const [imageProgress, setImageProgress] = useState<number | null>(null);
  const [videoProgress, setVideoProgress] = useState<number | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const savedSelection = useRef<BaseSelection | null>(null);

  const $readToolbar = useCallback(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const anchorNode = selection.anchor.getNode();
    const element =
      anchorNode.getKey() === 'root'
        ? anchorNode
        : ($findMatchingParent(anchorNode, (node) => {
            const parent = node.getParent();
            return parent !== null && $isRootOrShadowRoot(parent);
          }) ?? anchorNode.getTopLevelElementOrThrow());
    let blockType: BlockType = 'paragraph';
    if ($isListNode(element)) {
      const list = $getNearestNodeOfType(anchorNode, ListNode);
      blockType = (list ?? element).getListType();
    } else if ($isHeadingNode(element)) {
      blockType = element.getTag();
    } else if (element.getType() === 'quote') {
      blockType = 'quote';
    }
    const node = selection.focus.getNode();
    const link = $isLinkNode(node) || $isLinkNode(node.getParent());
    // Read everything now: the state updater runs later, outside this read.
    const next = {
      blockType,
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      underline: selection.hasFormat('underline'),
      link,
      colour: $getSelectionStyleValueForProperty(selection, 'color', ''),
    };
    setState((previous) => ({ ...previous, ...next }));
  }, []);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => editorState.read($readToolbar, { editor })),
        editor.registerCommand(
          SELECTION_CHANGE_COMMAND,
          () => {
            $readToolbar();
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (canUndo) => {
            setState((previous) => ({ ...previous, canUndo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (canRedo) => {
            setState((previous) => ({ ...previous, canRedo }));
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, $readToolbar],
  );

  const uploading = imageProgress !== null || videoProgress !== null;
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);

  const saveSelection = () => {
    savedSelection.current = editor.read(() => $getSelection()?.clone() ?? null);
    return savedSelection.current;
  };

  /**
   * Runs `action` in an update with the selection the author had before a dialog or file picker
   * took focus. If the text changed meanwhile (typing during an upload) and that selection points
   * at nodes that are gone, the editor's current selection is used instead.
   */
  const withSavedSelection = (selection: BaseSelection | null, action: () => void) => {
    editor.update(() => {
      if (selection && $isSelectionAlive(selection)) $setSelection(selection.clone());
      action();
    });
    editor.focus();
  };

  const setBlockType = (value: string) => {
    editor.update(() => {
      const selection = $getSelection();
      if (!selection) return;
      if (value === 'paragraph') $setBlocksType(selection, () => $createParagraphNode());
      else if (value === 'quote') $setBlocksType(selection, () => $createQuoteNode());
      else if ((HEADINGS as readonly string[]).includes(value)) $setBlocksType(selection, () => $createHeadingNode(value as HeadingTagType));
    });
  };

  const toggleList = (type: 'bullet' | 'number') => {
    if (state.blockType === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  };

  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);

  const pickColour = (colour: string | null) => {
    setColourAnchor(null);
    withSavedSelection(savedSelection.current, () => {
      const selection = $getSelection();
      if (selection) $patchStyleText(selection, { color: colour });
    });
  };

  const openLinkTool = () => {
    setNotice(null);
    if (state.link) {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
      return;
    }
    const selection = saveSelection();
    const text = editor.read(() => selection?.getTextContent() ?? '');
    if (!text.trim()) {
      setNotice({ severity: 'info', text: 'Select the words to link first.' });
      return;
    }
    const mailto = mailtoForSelection(text);
    if (mailto) {
      withSavedSelection(selection, () => {
        editor.dispatchCommand(TOGGLE_LINK_COMMAND, { url: mailto, rel: 'noopener noreferrer', target: null });
      });
      return;
    }
    setDialog({ kind: 'link', selection, initialValue: /^(https?:\/\/|www\.)/i.test(text.trim()) ? text.trim() : '' });
  };

  const closeDialog = () => {
    setDialog(null);
    editor.focus();
  };

  const submitLink = (selection: BaseSelection | null, value: string): string | null => {
    const decision = decideLink(value);
    if (!decision.ok) return decision.message;
    setDialog(null);
    withSavedSelection(selection, () => {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, { url: decision.url, rel: 'noopener noreferrer', target: decision.target });
    });
    return null;
  };

  const submitEmbed = (selection: BaseSelection | null, value: string): string | null => {
    const decision = decideEmbed(value);
    if (!decision.ok) return decision.message;
    setDialog(null);
    withSavedSelection(selection, () => {
      editor.dispatchCommand(INSERT_VIDEO_EMBED_COMMAND, decision.url);
    });
    return null;
  };

  const chooseImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const selection = savedSelection.current;
    savedSelection.current = null;
    setNotice(null);
    if (!file.type.startsWith('image/')) {
      setNotice({ severity: 'error', text: 'Image upload failed: Only image files can be inserted.' });
      return;
    }
    setImageProgress(0);
    try {
      const [size, src] = await Promise.all([imageSize(file), uploadImage(file, setImageProgress)]);
      withSavedSelection(selection, () => {
        editor.dispatchCommand(INSERT_IMAGE_COMMAND, { src, altText: altFromFileName(file.name), ...size });
      });
    } catch (error) {
      setNotice({ severity: 'error', text: `Image upload failed: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setImageProgress(null);
    }
  };

  const chooseVideo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const selection = savedSelection.current;
    savedSelection.current = null;
    setNotice(null);
    if (file.type !== 'video/mp4') {
      setNotice({ severity: 'error', text: 'Video upload failed: Only MP4 videos can be uploaded.' });
      return;
    }
    // SPEC §2: the editor is read-only while the video uploads.
    editor.setEditable(false);
    setVideoProgress(0);
    try {
      const src = await uploadVideo(file, setVideoProgress);
      editor.setEditable(true);
      withSavedSelection(selection, () => {
        editor.dispatchCommand(INSERT_VIDEO_COMMAND, src);
      });
    } catch (error) {
      setNotice({ severity: 'error', text: `Video upload failed: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      editor.setEditable(true);
      setVideoProgress(null);
    }
  };

  const disabled = !editable;
  const blockValue = state.blockType in BLOCK_LABELS ? state.blockType : 'paragraph';

  return (
    // Sticky: the tools stay at hand while the author scrolls through a long chapter.
    <Box sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: '#f7fafb', position: 'sticky', top: 0, zIndex: 2, borderRadius: '4px 4px 0 0' }}>
      <Box role="toolbar" aria-label="Formatting" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, p: 0.75 }}>
        <ToolButton label="Undo" disabled={disabled || !state.canUndo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}>
          <Undo fontSize="small" />
        </ToolButton>
        <ToolButton label="Redo" disabled={disabled || !state.canRedo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}>
          <Redo fontSize="small" />
        </ToolButton>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <TextField
          select
          size="small"
          label="Block type"
          value={blockValue}
          disabled={disabled}
          onChange={(event) => setBlockType(event.target.value)}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 150 }}
        >
          {Object.entries(BLOCK_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </TextField>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolButton label="Bold" pressed={state.bold} disabled={disabled} onClick={() => format('bold')}>
          <FormatBold fontSize="small" />
        </ToolButton>
        <ToolButton label="Italic" pressed={state.italic} disabled={disabled} onClick={() => format('italic')}>
          <FormatItalic fontSize="small" />
        </ToolButton>
        <ToolButton label="Underline" pressed={state.underline} disabled={disabled} onClick={() => format('underline')}>
          <FormatUnderlined fontSize="small" />
        </ToolButton>
        <ToolButton label="Bulleted list" pressed={state.blockType === 'bullet'} disabled={disabled} onClick={() => toggleList('bullet')}>
          <FormatListBulleted fontSize="small" />
        </ToolButton>
        <ToolButton label="Numbered list" pressed={state.blockType === 'number'} disabled={disabled} onClick={() => toggleList('number')}>
          <FormatListNumbered fontSize="small" />
        </ToolButton>
        <Tooltip title="Text colour">
          <span>
            <IconButton
              aria-label="Text colour"
              aria-haspopup="true"
              disabled={disabled}
              onMouseDown={(event) => event.preventDefault()}
              onClick={(event) => {
                saveSelection();
                setColourAnchor(event.currentTarget);
              }}
              size="small"
              sx={{ borderRadius: 1 }}
            >
              <FormatColorText fontSize="small" sx={{ color: state.colour || undefined }} />
            </IconButton>
          </span>
        </Tooltip>
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolButton label={state.link ? 'Remove link' : 'Link'} pressed={state.link} disabled={disabled} onClick={openLinkTool}>
          {state.link ? <LinkOff fontSize="small" /> : <InsertLink fontSize="small" />}
        </ToolButton>
        <ToolButton
          label="Insert image"
          disabled={disabled || imageProgress !== null}
          onClick={() => {
            saveSelection();
            imageInput.current?.click();
          }}
        >
          <ImageOutlined fontSize="small" />
        </ToolButton>
        <ToolButton
          label="Upload video"
          disabled={disabled}
          onClick={() => {
            saveSelection();
            videoInput.current?.click();
          }}
        >
          <VideoFileOutlined fontSize="small" />
        </ToolButton>
        <ToolButton
          label="Embed YouTube or Vimeo video"
          disabled={disabled}
          onClick={() => {
            setNotice(null);
            setDialog({ kind: 'embed', selection: saveSelection() });
          }}
        >
          <SmartDisplayOutlined fontSize="small" />
        </ToolButton>
        <input ref={imageInput} type="file" accept="image/*" hidden data-testid="editor-image-input" onChange={(event) => void chooseImage(event)} />
        <input ref={videoInput} type="file" accept="video/mp4" hidden data-testid="editor-video-input" onChange={(event) => void chooseVideo(event)} />
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
      <ColourPicker anchorEl={colourAnchor} current={state.colour} onPick={pickColour} onClose={() => {
          setColourAnchor(null);
          editor.focus();
        }}
      />
      <UploadingDialog open={videoProgress !== null} progress={videoProgress ?? 0} />
      {dialog?.kind === 'link' && (
        <UrlDialog
          title="Insert link"
          description="Enter a web address or an email address. Other kinds of links are not allowed."
          label="Link address"
          submitLabel="Apply link"
          initialValue={dialog.initialValue}
          onSubmit={(value) => submitLink(dialog.selection, value)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'embed' && (
        <UrlDialog
          title="Embed a video"
          description="Paste a YouTube or Vimeo link; it is turned into the video's player."
          label="Video link"
          submitLabel="Embed video"
          onSubmit={(value) => submitEmbed(dialog.selection, value)}
          onClose={closeDialog}
        />
      )}
    </Box>
  );
}
