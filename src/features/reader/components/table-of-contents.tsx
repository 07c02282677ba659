import AddOutlined from '@mui/icons-material/AddOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ReaderChapter } from '../types';

export interface TableOfContentsProps {
  chapters: ReaderChapter[];
  selectedChapterId: number | null;
  quizMode: boolean;
  hasQuiz: boolean;
  canEdit: boolean;
  /** Phones show the list as a collapsible section. */
  collapsible: boolean;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** The collapsible list has finished folding away (the page below it has moved up). */
  onCollapsed?: () => void;
  onSelectChapter: (chapterId: number) => void;
  onTakeQuiz: () => void;
  onAddChapter: () => void;
}

const HEADING_ID = 'toc-heading';

/** The Table of Contents: chapters in order, 'Take the Quiz' when the book has one, and 'Add' for editors. */
export function TableOfContents(props: TableOfContentsProps) {
  const { chapters, selectedChapterId, quizMode, hasQuiz, canEdit, collapsible, expanded, onExpandedChange } = props;
  const addButton = canEdit ? (
    <Button size="small" variant="outlined" startIcon={<AddOutlined />} onClick={props.onAddChapter} aria-label="Add chapter">
      Add
    </Button>
  ) : null;

  const list = (
    <nav aria-labelledby={HEADING_ID}>
      {chapters.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', px: 2, py: 1 }}>
          This book has no chapters yet.
        </Typography>
      )}
      <List dense disablePadding>
        {chapters.map((chapter, index) => {
          const selected = !quizMode && chapter.id === selectedChapterId;
          // Each entry is a list item holding its button: a <ul> holds only <li>s.
          return (
            <ListItem key={chapter.id} disablePadding>
              <ListItemButton
                selected={selected}
                aria-current={selected ? 'true' : undefined}
                onClick={() => props.onSelectChapter(chapter.id)}
                sx={{ borderRadius: 1, py: 1, alignItems: 'flex-start' }}
              >
                <Box component="span" aria-hidden sx={{ minWidth: 28, color: 'text.secondary', fontVariantNumeric: 'tabular-nums', pt: '2px' }}>
                  {index + 1}.
                </Box>
                <ListItemText primary={chapter.title} slotProps={{ primary: { sx: { fontSize: '0.975rem', fontWeight: selected ? 700 : 500 } } }} />
              </ListItemButton>
            </ListItem>
          );
        })}
        {hasQuiz && (
          <ListItem disablePadding sx={{ mt: 0.5 }}>
            <ListItemButton selected={quizMode} aria-current={quizMode ? 'true' : undefined} onClick={props.onTakeQuiz} sx={{ borderRadius: 1 }}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <QuizOutlined fontSize="small" color="primary" />
              </ListItemIcon>
              <ListItemText primary="Take the Quiz" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
            </ListItemButton>
          </ListItem>
        )}
      </List>
    </nav>
  );

  if (collapsible) {
    return (
      <Accordion
        expanded={expanded}
        onChange={(_event, value) => onExpandedChange(value)}
        // The summary's own heading is the list's heading: an h2 like the chapter's title after
        // the book's h1 (MUI wraps the summary in an h3 by default, a skipped level).
        slotProps={{ heading: { component: 'h2' }, transition: { onExited: props.onCollapsed } }}
        disableGutters
        variant="outlined"
        sx={{ borderRadius: 1 }}
      >
        <AccordionSummary expandIcon={<ExpandMore />} aria-controls="toc-panel" id="toc-summary">
          <Typography id={HEADING_ID} component="span" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
            Table of Contents
          </Typography>
        </AccordionSummary>
        <AccordionDetails id="toc-panel" sx={{ px: 1, pt: 0 }}>
          {addButton && <Box sx={{ px: 1, pb: 1 }}>{addButton}</Box>}
          {list}
        </AccordionDetails>
      </Accordion>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 1 }}>
      <TocHeader action={addButton} />
      {list}
    </Paper>
  );
}

function TocHeader({ action }: { action: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1, py: 1 }}>
      <Typography id={HEADING_ID} variant="h2" sx={{ fontSize: '1.1rem' }}>
        Table of Contents
      </Typography>
      {action}
    </Stack>
  );
}
