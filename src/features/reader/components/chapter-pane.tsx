import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReaderChapter, RenderChapterContent, RenderChapterEnd } from '../types';

export interface ChapterPaneProps {
  chapter: ReaderChapter;
  previous: ReaderChapter | null;
  next: ReaderChapter | null;
  canEdit: boolean;
  renderContent: RenderChapterContent;
  /** Right after the content, before previous/next: the chapter's end. */
  renderChapterEnd?: RenderChapterEnd;
  onSelectChapter: (chapterId: number) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The selected chapter: title, editing controls for editors, the content, and previous/next. */
export function ChapterPane({ chapter, previous, next, canEdit, renderContent, renderChapterEnd, onSelectChapter, onEdit, onDelete }: ChapterPaneProps) {
  return (
    <Box component="article" aria-labelledby={`chapter-${chapter.id}-title`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 3 }}>
        <Typography
          id={`chapter-${chapter.id}-title`}
          variant="h2"
          tabIndex={-1}
          sx={{ fontSize: { xs: '1.45rem', md: '1.85rem' }, outline: 'none', maxWidth: '70ch' }}
        >
          {chapter.title}
        </Typography>
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
              Edit Chapter
            </Button>
            <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={onDelete}>
              Delete Chapter
            </Button>
          </Stack>
        )}
      </Stack>
      {renderContent(chapter)}
      {renderChapterEnd?.(chapter)}
      {(previous || next) && (
        <Stack
          component="nav"
          aria-label="Chapters"
          direction="row"
          sx={{ justifyContent: 'space-between', gap: 2, mt: 5, pt: 2, borderTop: 1, borderColor: 'divider', maxWidth: '70ch' }}
        >
          {previous ? (
            <Button startIcon={<NavigateBefore />} onClick={() => onSelectChapter(previous.id)} sx={{ textAlign: 'left' }}>
              Previous: {previous.title}
            </Button>
          ) : (
            <span />
          )}
          {next && (
            <Button endIcon={<NavigateNext />} onClick={() => onSelectChapter(next.id)} sx={{ textAlign: 'right' }}>
              Next: {next.title}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
