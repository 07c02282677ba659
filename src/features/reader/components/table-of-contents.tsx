import AddOutlined from '@mui/icons-material/AddOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import QuizOutlined from '@mui/icons-material/QuizOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, styled } from '@mui/material/styles';
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

/**
 * The entries: plain list items and buttons under one styled root, with the rules MUI's List,
 * ListItem, ListItemButton and ListItemText gave them (every box, font and colour measured the
 * same at a phone's and a desktop's width). As those components each entry was about twenty
 * components, the Table of Contents a third of the reader's first render on a phone. The entries
 * are real buttons now (MUI's were divs with a button role), and a keyboard's focus shows the
 * app's focus ring on them (drawn inside, as the column scrolls on its own on wide screens).
 */
const EntryList = styled('ul')(({ theme }) => {
  const { action, primary } = theme.palette;
  const selected = alpha(primary.main, action.selectedOpacity);
  return {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    position: 'relative',
    '& > li': { display: 'flex', alignItems: 'center', position: 'relative', width: '100%', boxSizing: 'border-box', textAlign: 'left' },
    '& > .toc-quiz': { marginTop: theme.spacing(0.5) },
    '.toc-entry': {
      appearance: 'none',
      WebkitTapHighlightColor: 'transparent',
      border: 0,
      margin: 0,
      font: 'inherit',
      color: 'inherit',
      cursor: 'pointer',
      userSelect: 'none',
      display: 'flex',
      flexGrow: 1,
      alignItems: 'flex-start',
      justifyContent: 'flex-start',
      minWidth: 0,
      width: '100%',
      boxSizing: 'border-box',
      textAlign: 'left',
      padding: theme.spacing(1, 2),
      borderRadius: theme.shape.borderRadius,
      backgroundColor: 'transparent',
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
      '&:hover': { backgroundColor: action.hover, '@media (hover: none)': { backgroundColor: 'transparent' } },
      '&:focus-visible': { backgroundColor: action.focus, outlineOffset: -3 },
      '&[aria-current]': {
        backgroundColor: selected,
        '&:hover': {
          backgroundColor: alpha(primary.main, action.selectedOpacity + action.hoverOpacity),
          '@media (hover: none)': { backgroundColor: selected },
        },
        '&:focus-visible': { backgroundColor: alpha(primary.main, action.selectedOpacity + action.focusOpacity) },
      },
    },
    '.toc-number': { minWidth: 28, color: theme.palette.text.secondary, fontVariantNumeric: 'tabular-nums', paddingTop: 2 },
    '.toc-title': { display: 'block', flex: '1 1 auto', minWidth: 0, margin: theme.spacing(0.5, 0), fontSize: '0.975rem', lineHeight: 1.43, fontWeight: 500 },
    '.toc-entry[aria-current] .toc-title': { fontWeight: 700 },
    '.toc-quiz .toc-entry': { alignItems: 'center', padding: theme.spacing(0.5, 2) },
    '.toc-quiz .toc-entry .toc-title': { fontSize: theme.typography.pxToRem(14), fontWeight: 600 },
    '.toc-quiz-icon': { display: 'inline-flex', minWidth: 32, flexShrink: 0, color: action.active },
  };
});

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
      <EntryList>
        {chapters.map((chapter, index) => {
          const selected = !quizMode && chapter.id === selectedChapterId;
          // Each entry is a list item holding its button: a <ul> holds only <li>s.
          return (
            <li key={chapter.id}>
              <button type="button" className="toc-entry" aria-current={selected ? 'true' : undefined} onClick={() => props.onSelectChapter(chapter.id)}>
                <span className="toc-number" aria-hidden>
                  {index + 1}.
                </span>
                <span className="toc-title">{chapter.title}</span>
              </button>
            </li>
          );
        })}
        {hasQuiz && (
          <li className="toc-quiz">
            <button type="button" className="toc-entry" aria-current={quizMode ? 'true' : undefined} onClick={props.onTakeQuiz}>
              <span className="toc-quiz-icon">
                <QuizOutlined fontSize="small" color="primary" />
              </span>
              <span className="toc-title">Take the Quiz</span>
            </button>
          </li>
        )}
      </EntryList>
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
