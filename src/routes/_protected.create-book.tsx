import { createFileRoute } from '@tanstack/react-router';
import { CreateBookPage } from '../features/books/components/create-book-form';

export const Route = createFileRoute('/_protected/create-book')({
  component: CreateBookPage,
});
