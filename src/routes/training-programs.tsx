import { createFileRoute } from '@tanstack/react-router';
import { TrainingProgramsPage } from '../features/site/components/training-programs-page';

export const Route = createFileRoute('/training-programs')({
  component: TrainingProgramsPage,
});
