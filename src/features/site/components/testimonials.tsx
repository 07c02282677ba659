import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import FormatQuoteOutlined from '@mui/icons-material/FormatQuoteOutlined';
import PauseOutlined from '@mui/icons-material/PauseOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import type { Testimonial } from '../../../content/types';

export interface TestimonialsProps {
  testimonials: Testimonial[];
  intervalMs: number;
}

/**
 * Rotating testimonials (WAI-ARIA carousel pattern). Rotation pauses while the pointer or the
 * keyboard focus is inside, when the user presses Pause, and does not start at all when the
 * device asks for reduced motion (the user can still press Play or step through).
 */
export function Testimonials({ testimonials, intervalMs }: TestimonialsProps) {
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Not noSsr: the prerendered page (and its hydration) starts from "no preference", then follows the device.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const paused = userPaused ?? reducedMotion;
  const rotating = !paused && !hovered && !focused && testimonials.length > 1;
  const count = testimonials.length;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, intervalMs, count]);

  const current = testimonials[index];
  if (!current) return null;
  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, position: 'relative', minHeight: { xs: 260, sm: 220 } }}>
        <FormatQuoteOutlined aria-hidden sx={{ fontSize: 48, color: 'secondary.main', opacity: 0.5 }} />
        <Box aria-live={rotating ? 'off' : 'polite'} aria-atomic="true" role="group" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`}>
          <Typography component="blockquote" sx={{ m: 0, fontSize: { xs: '1.1rem', md: '1.3rem' }, lineHeight: 1.6 }}>
            {current.quote}
          </Typography>
          <Typography sx={{ mt: 2, fontWeight: 700 }}>{current.author}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {current.company}
          </Typography>
        </Box>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center', justifyContent: 'center' }}>
        <IconButton aria-label="Previous testimonial" onClick={() => step(-1)}>
          <ChevronLeftOutlined />
        </IconButton>
        <IconButton aria-label={paused ? 'Play testimonials' : 'Pause testimonials'} onClick={() => setUserPaused(!paused)}>
          {paused ? <PlayArrowOutlined /> : <PauseOutlined />}
        </IconButton>
        <IconButton aria-label="Next testimonial" onClick={() => step(1)}>
          <ChevronRightOutlined />
        </IconButton>
        <Stack direction="row" spacing={0.75} aria-hidden sx={{ pl: 1 }}>
          {testimonials.map((t, i) => (
            <Box key={t.id} sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: i === index ? 'primary.main' : '#b8c8d0' }} />
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
