/**
 * Renders the real app (providers, router with every route) at a path, on a memory history.
 * Later features reuse it for their screens.
 */
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../src/components/app-providers';
import { markAppStarted } from '../../src/lib/app-started';
import { createQueryClient } from '../../src/lib/query-client';
import { createAppRouter } from '../../src/router';

export async function renderApp(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(queryClient, history);
  const user = userEvent.setup();
  let result!: ReturnType<typeof render>;
  await act(async () => {
    result = render(
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await router.load();
  });
  // As main.tsx does once the browser is idle after the first render.
  act(() => markAppStarted());
  return { ...result, router, history, queryClient, user };
}
