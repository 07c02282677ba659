import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { RouterLink } from '../../../components/router-link';
import { useStoredUser } from '../../../lib/session';
import { useCreateBook } from '../api/create-book';
import { createBookErrorMessage } from '../book-text';
import { canManageBooks } from '../../../contract/permissions';
import { CoverImageField } from './cover-image-field';

export const WAIT_FOR_COVER = 'Please wait for the cover image to finish uploading.';

/** Create Book (SPEC §2): title required, author, description, optional cover; success opens the book. */
export function CreateBookPage() {
  const user = useStoredUser();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 6 } }}>
      <title>Create Book</title>
      <RouterLink to="/books" sx={{ display: 'inline-block', mb: 2 }}>
        ← Back to Books
      </RouterLink>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.8rem', md: '2.25rem' }, mb: 3 }}>
        Create Book
      </Typography>
      {canManageBooks(user) ? <CreateBookForm /> : <Alert severity="info">Only superusers can create books.</Alert>}
    </Container>
  );
}

function CreateBookForm() {
  const navigate = useNavigate();
  const createBook = useCreateBook();
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [description, setDescription] = useState('');
  const [coverUrl, setCoverUrl] = useState('');
  const [uploading, setUploading] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (uploading) {
      setFormError(WAIT_FOR_COVER);
      return;
    }
    if (!title.trim()) {
      setTitleError('Title is required.');
      return;
    }
    setFormError(null);
    createBook.mutate(
      { title: title.trim(), author: author.trim(), description: description.trim(), cover_image_url: coverUrl },
      {
        onSuccess: (book) => void navigate({ to: '/book/$bookId', params: { bookId: book.id } }),
        onError: (error) => setFormError(createBookErrorMessage(error)),
      },
    );
  };

  return (
    <Paper component="form" noValidate onSubmit={submit} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label="Create Book">
      <Stack spacing={3}>
        {formError && (
          <Alert severity={formError === WAIT_FOR_COVER ? 'warning' : 'error'} role="alert">
            {formError}
          </Alert>
        )}
        <TextField
          label="Title"
          name="title"
          required
          value={title}
          onChange={(event) => {
            setTitle(event.target.value);
            if (titleError) setTitleError(null);
          }}
          error={Boolean(titleError)}
          helperText={titleError}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <TextField
          label="Author"
          name="author"
          value={author}
          onChange={(event) => setAuthor(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
        <TextField label="Description" name="description" multiline rows={4} value={description} onChange={(event) => setDescription(event.target.value)} />
        <CoverImageField
          onChange={setCoverUrl}
          onUploadingChange={(value) => {
            setUploading(value);
            if (!value) setFormError((current) => (current === WAIT_FOR_COVER ? null : current));
          }}
          disabled={createBook.isPending}
        />
        <Button type="submit" variant="contained" size="large" disabled={createBook.isPending}>
          {createBook.isPending ? 'Creating Book...' : 'Create Book'}
        </Button>
      </Stack>
    </Paper>
  );
}
