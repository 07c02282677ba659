import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeResponse, FakeApi } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { deferred, LEARNER, makeBook, page, signInAs, SUPERUSER } from './fixtures';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => uninstall());

async function openForm() {
  signInAs(api, SUPERUSER);
  const view = await renderApp('/create-book');
  await screen.findByRole('heading', { level: 1, name: 'Create Book' });
  return view;
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
const chooseCover = (file: File) => fireEvent.change(screen.getByTestId('cover-input'), { target: { files: [file] } });

describe('Create Book', () => {
  it('requires a title, sends the book and opens it', async () => {
    const { user, router } = await openForm();
    api.on('POST', '/books/books/', (request) => ({ status: 201, data: makeBook({ id: 42, ...(request.body as object) }) }));
    api.on('GET', '/books/books/42/', { status: 200, data: makeBook({ id: 42, title: 'Bariatric Surgery' }) });
    api.on('GET', '/books/books/42/chapters/', page([]));

    await user.click(screen.getByRole('button', { name: 'Create Book' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(api.callsTo('/books/books/', 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Bariatric Surgery');
    await user.type(screen.getByRole('textbox', { name: 'Author' }), 'Dr. Mehta');
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description).toHaveAttribute('rows', '4');
    await user.type(description, 'Sleeve gastrectomy and bypass.');
    await user.click(screen.getByRole('button', { name: 'Create Book' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/book/42'));
    expect(api.callsTo('/books/books/', 'POST')[0]!.body).toEqual({
      title: 'Bariatric Surgery',
      author: 'Dr. Mehta',
      description: 'Sleeve gastrectomy and bypass.',
      cover_image_url: '',
    });
  });

  it("reads 'Creating Book...' while the book is being created", async () => {
    const { user } = await openForm();
    const answer = deferred<FakeResponse>();
    api.on('POST', '/books/books/', () => answer.promise);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Suturing');
    await user.click(screen.getByRole('button', { name: 'Create Book' }));
    expect(await screen.findByRole('button', { name: 'Creating Book...' })).toBeDisabled();
    answer.resolve({ status: 400, data: { title: ['A book with this title exists.'] } });
    expect(await screen.findByRole('button', { name: 'Create Book' })).toBeEnabled();
  });

  it('joins the field errors of a refusal with spaces, or says it failed', async () => {
    const { user } = await openForm();
    api.on('POST', '/books/books/', {
      status: 400,
      data: {
        title: ['Ensure this field has no more than 255 characters.'],
        cover_image_url: ['Enter an http(s) address or an image uploaded to this server.'],
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'T');
    await user.click(screen.getByRole('button', { name: 'Create Book' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ensure this field has no more than 255 characters. Enter an http(s) address or an image uploaded to this server.',
    );

    api.on('POST', '/books/books/', () => 'network');
    await user.click(screen.getByRole('button', { name: 'Create Book' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to create book.'));
  });

  it('uploads the cover at once, blocks the submit meanwhile, then sends its URL', async () => {
    const { user, router } = await openForm();
    const upload = deferred<FakeResponse>();
    api.on('POST', '/media/upload-image/', () => upload.promise);
    api.on('POST', '/books/books/', (request) => ({ status: 201, data: makeBook({ id: 9, ...(request.body as object) }) }));
    api.on('GET', '/books/books/9/', { status: 200, data: makeBook({ id: 9 }) });
    api.on('GET', '/books/books/9/chapters/', page([]));

    expect(screen.getByTestId('cover-input')).toHaveAttribute('accept', 'image/*');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Hernia');
    chooseCover(png());
    expect(await screen.findByRole('progressbar', { name: 'Cover image upload progress' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover preview' })).toHaveAttribute('src', 'blob:preview-1');
    const sent = api.callsTo('/media/upload-image/', 'POST')[0]!.body as FormData;
    expect(sent.get('image')).toBeInstanceOf(File);

    await user.click(screen.getByRole('button', { name: 'Create Book' }));
    expect(await screen.findByText('Please wait for the cover image to finish uploading.')).toBeInTheDocument();
    expect(api.callsTo('/books/books/', 'POST')).toHaveLength(0);

    upload.resolve({ status: 201, data: { imageUrl: '/media/images/2026-05/abc.png' } });
    expect(await screen.findByText('Cover image uploaded.')).toBeInTheDocument();
    expect(screen.queryByText('Please wait for the cover image to finish uploading.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Book' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/book/9'));
    expect(api.callsTo('/books/books/', 'POST')[0]!.body).toMatchObject({ cover_image_url: '/media/images/2026-05/abc.png' });
  });

  it("clears the file and preview when the upload fails, showing the server's error or the general message", async () => {
    await openForm();
    api.on('POST', '/media/upload-image/', { status: 413, data: { error: 'The file is larger than 10 MiB.' } });
    chooseCover(png());
    expect(await screen.findByText('The file is larger than 10 MiB.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Cover preview' })).not.toBeInTheDocument();
    expect((screen.getByTestId('cover-input') as HTMLInputElement).value).toBe('');

    api.on('POST', '/media/upload-image/', () => 'network');
    chooseCover(png());
    expect(await screen.findByText('Cover image upload failed. Please try again.')).toBeInTheDocument();
  });

  it('refuses a file that is not an image without uploading it', async () => {
    await openForm();
    chooseCover(new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Please choose an image file.')).toBeInTheDocument();
    expect(api.callsTo('/media/upload-image/')).toHaveLength(0);
  });

  it('is for superusers only', async () => {
    signInAs(api, LEARNER);
    await renderApp('/create-book');
    expect(await screen.findByText('Only superusers can create books.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Create Book' })).not.toBeInTheDocument();
    expect(within(document.body).queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
  });
});
