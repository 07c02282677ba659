/**
 * /practice and /practice/$drillId (issue 37) in the real app on fake-indexeddb: the drills read
 * from the device first (also offline), and timing a repetition — the clock advancing on a faked
 * clock, Start/Stop by button and space bar, the screen kept awake only while timing, penalties
 * adding to the score with Pass / Not yet live, Save writing IndexedDB before 'Saved', Discard
 * writing nothing, and Start off at the drill's cap.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../../src/lib/db';
import { FakeApi } from '../../../helpers/fake-api';
import { renderApp } from '../../../helpers/render-app';
import { LEARNER, signInAs } from '../books/fixtures';
import { FakePracticeServer, makeDrill, PATTERN_CUT, PEG_TRANSFER } from './practice-fixtures';

let api: FakeApi;
let server: FakePracticeServer;
let uninstall: () => void;
const release = vi.fn(async () => undefined);
const request = vi.fn(async (_type: 'screen') => ({ release }));

beforeEach(() => {
  api = new FakeApi();
  server = new FakePracticeServer(api);
  uninstall = api.install();
  signInAs(api, LEARNER);
  release.mockClear();
  request.mockClear();
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
});
afterEach(() => {
  uninstall();
  Reflect.deleteProperty(navigator, 'wakeLock');
});

/** Moves the faked clock (performance.now and the timer's interval) on. */
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const fakeClock = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });

async function openDrill(id = 1) {
  const app = await renderApp(`/practice/${id}`);
  await screen.findByRole('heading', { name: 'Peg transfer', level: 1 });
  return app;
}

describe('/practice', () => {
  it('lists the drills with their target and proficiency, and a link to My practice', async () => {
    await renderApp('/practice');
    const list = await screen.findByRole('list', { name: 'Drills' });
    expect(await within(list).findByRole('link', { name: 'Peg transfer' })).toBeInTheDocument();
    expect(within(list).getByText('Target 48 s · 0 of 2 consecutive passes, 0 of 10 further passes')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Pattern cut' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My practice' })).toHaveAttribute('href', '/practice/mine');
    expect(await db.drills.count()).toBe(2);
  });

  it('shows the drills the device holds while offline, and the drill page works from them', async () => {
    await db.drills.bulkPut([PEG_TRANSFER, PATTERN_CUT].map((drill) => ({ userId: LEARNER.user_id, id: drill.id, drill, storedAt: 1 })));
    // Another user's drills on this shared device are never shown.
    await db.drills.put({ userId: 99, id: 5, drill: makeDrill({ id: 5, name: 'Somebody else’s drill' }), storedAt: 1 });
    api.on('GET', '/practice/drills/', () => 'network');
    api.on('GET', '/practice/my-repetitions/', () => 'network');

    const { user } = await renderApp('/practice');
    await user.click(await screen.findByRole('link', { name: 'Peg transfer' }));
    expect(await screen.findByRole('heading', { name: 'Peg transfer', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Target 48 s')).toBeInTheDocument();
    expect(screen.getByText('Lift each peg with the left grasper and pass it to the right.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(screen.queryByText('Somebody else’s drill')).not.toBeInTheDocument();
    // The failed refresh kept what the device holds.
    expect(await db.drills.where('userId').equals(LEARNER.user_id).count()).toBe(2);
  });
});

describe('timing a repetition', () => {
  it('runs the clock, keeps the screen awake while timing, adds penalties to the score and saves to IndexedDB before it says Saved', async () => {
    fakeClock();
    const { user } = await openDrill();
    const clock = screen.getByRole('timer', { name: 'Time' });
    expect(clock).toHaveTextContent('0:00.0');

    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(request).toHaveBeenCalledWith('screen');
    await advance(12_300);
    expect(clock).toHaveTextContent('0:12.3');
    await advance(29_000);
    expect(clock).toHaveTextContent('0:41.3');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(release).toHaveBeenCalledTimes(1);
    // Stopped: the clock stays.
    await advance(5_000);
    expect(clock).toHaveTextContent('0:41.3');

    const score = screen.getByTestId('practice-score');
    expect(score).toHaveTextContent('Score 41.3 s — Pass');
    await user.click(screen.getByRole('button', { name: 'One more: Peg dropped outside the field' }));
    expect(score).toHaveTextContent('Score 51.3 s — Not yet');
    await user.click(screen.getByRole('button', { name: 'One more: Peg dropped outside the field' }));
    expect(score).toHaveTextContent('Score 61.3 s — Not yet');
    await user.click(screen.getByRole('button', { name: 'One fewer: Peg dropped outside the field' }));
    expect(score).toHaveTextContent('Score 51.3 s — Not yet');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: score 51.3 s — Not yet.')).toBeInTheDocument();
    const [row] = await db.practiceOutbox.toArray();
    expect(row).toMatchObject({
      userId: LEARNER.user_id,
      drill: 1,
      timeMs: 41_300,
      penalties: [{ penalty: 'peg-dropped-outside', count: 1 }],
      scoreMs: 51_300,
      passed: false,
    });
    // Ready for the next repetition.
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(clock).toHaveTextContent('0:00.0');
  });

  it('starts and stops with the space bar, but not while typing in a text field', async () => {
    fakeClock();
    const { user } = await openDrill();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await advance(47_900);
    await user.keyboard(' ');
    expect(screen.getByTestId('practice-score')).toHaveTextContent('Score 47.9 s — Pass');
    await user.click(screen.getByRole('button', { name: 'Discard' }));

    await user.click(screen.getByRole('searchbox', { name: 'Search books' }));
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
  });

  it('writes nothing on Discard, and releases the screen when the page is left while timing', async () => {
    fakeClock();
    const { user, unmount } = await openDrill();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await advance(3_000);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('timer', { name: 'Time' })).toHaveTextContent('0:00.0');
    expect(await db.practiceOutbox.count()).toBe(0);
    expect(screen.queryByText(/^Saved/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(request).toHaveBeenCalledTimes(2);
    unmount();
    expect(release).toHaveBeenCalledTimes(2);
  });

  it('times without a Screen Wake Lock', async () => {
    Reflect.deleteProperty(navigator, 'wakeLock');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    fakeClock();
    const { user } = await openDrill();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await advance(1_000);
    expect(screen.getByRole('timer', { name: 'Time' })).toHaveTextContent('0:01.0');
    expect(info).toHaveBeenCalled();
    info.mockRestore();
  });

  it("turns Start off once the drill's cap of repetitions is reached (server and device)", async () => {
    server.drills = [makeDrill({ max_repetitions: 2 })];
    server.add({ client_id: '00000000-0000-4000-8000-000000000001', performed_at: '2026-11-20T08:00:00.000Z' });
    const { user } = await openDrill();
    await screen.findByText('1 of 2 consecutive passes, 0 of 10 further passes');
    fakeClock();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await advance(30_000);
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You have done the 2 repetitions this drill allows.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
  });
});
