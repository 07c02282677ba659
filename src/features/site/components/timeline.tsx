import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Milestone } from '../../../content/types';

/** A vertical timeline, as an ordered list. */
export function Timeline({ milestones }: { milestones: Milestone[] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative' }}>
      <Box
        aria-hidden
        sx={{ position: 'absolute', left: { xs: 11, md: '50%' }, top: 0, bottom: 0, width: 3, bgcolor: '#b9d3dc', transform: { md: 'translateX(-50%)' } }}
      />
      {milestones.map((milestone, i) => {
        const right = i % 2 === 1;
        return (
          <Box
            component="li"
            key={`${milestone.period}-${milestone.title}`}
            sx={{
              position: 'relative',
              pl: { xs: 5, md: right ? 'calc(50% + 32px)' : 0 },
              pr: { md: right ? 0 : 'calc(50% + 32px)' },
              mb: 4,
            }}
          >
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                left: { xs: 2, md: '50%' },
                transform: { md: 'translateX(-50%)' },
                top: 6,
                width: 21,
                height: 21,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                border: '4px solid #ffffff',
                boxShadow: '0 0 0 2px #0b4f6c',
              }}
            />
            <Box
              sx={{
                bgcolor: 'background.paper',
                border: '1px solid',
                borderColor: 'divider',
                borderRadius: 2,
                p: 2.5,
                textAlign: { md: right ? 'left' : 'right' },
              }}
            >
              <Typography variant="overline" component="p" sx={{ color: 'secondary.main' }}>
                {milestone.period}
              </Typography>
              <Typography variant="h3" sx={{ fontSize: '1.15rem', mb: 1 }}>
                {milestone.title}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{milestone.text}</Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
