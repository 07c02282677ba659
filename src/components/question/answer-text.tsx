import Box from '@mui/material/Box';
import type { AnswerValue, MatchPair, Question } from '../../contract/quiz';

/** An answer as readable text: one option, a list of options, an ordered list, or left → right pairs. */
export function AnswerText({ question, answer }: { question: Question; answer: AnswerValue | undefined }) {
  if (answer == null || (Array.isArray(answer) && answer.length === 0) || answer === '') {
    return (
      <Box component="span" sx={{ fontStyle: 'italic' }}>
        No answer
      </Box>
    );
  }
  if (typeof answer === 'string') return <span>{answer}</span>;
  const listSx = { m: 0, pl: 3 } as const;
  if (question.type === 'match-the-following') {
    return (
      <Box component="ul" sx={listSx}>
        {(answer as MatchPair[]).map((pair) => (
          <li key={pair.left}>
            {pair.left} → {pair.right}
          </li>
        ))}
      </Box>
    );
  }
  if (question.type === 'reorder') {
    return (
      <Box component="ol" sx={listSx}>
        {(answer as string[]).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </Box>
    );
  }
  return (
    <Box component="ul" sx={listSx}>
      {(answer as string[]).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </Box>
  );
}
