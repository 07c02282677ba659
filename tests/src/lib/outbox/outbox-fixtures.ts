/** Shared pieces of the outbox tests: attempts, a fake score server and event endpoint, a Web Locks stand-in. */
import { AppDB, type QuizAttempt } from '../../../../src/lib/db';
import { FakeApi, type FakeRequest } from '../../../helpers/fake-api';

let dbCounter = 0;
/** A fresh database in fake-indexeddb (another AppDB with the same name is "another tab"). */
export function freshDatabaseName(): string {
  return `outbox-test-${++dbCounter}-${Math.random().toString(36).slice(2)}`;
}

let attemptCounter = 0;
export function makeAttempt(userId: number, overrides: Partial<QuizAttempt> = {}): QuizAttempt {
  const n = ++attemptCounter;
  return {
    attemptId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId,
    bookId: 3,
    quizId: 11,
    quizVersion: 2,
    phase: 'in-progress',
    questionIds: ['q1', 'q2', 'q3'],
    currentIndex: 2,
    skipped: [],
    reviewIndex: 0,
    answers: [
      { questionId: 'q1', answer: 'a', isCorrect: true, status: 'answered' },
      { questionId: 'q2', answer: 'b', isCorrect: false, status: 'answered' },
      { questionId: 'q3', answer: null, status: 'unanswered' },
    ],
    drafts: {},
    shuffles: {},
    startedAt: 1_000 + n,
    updatedAt: 1_000 + n,
    completedAt: null,
    ...overrides,
  };
}

/** A fake endpoint's answer to one request: a response, a network failure, or undefined for the usual one. */
type Answer = { status: number; data?: unknown } | 'network' | undefined;

/**
 * The score endpoint as the real server behaves: idempotent on client_attempt_id (a replay
 * answers the first record). `answer` may override the answer per request.
 */
export class FakeScoreServer {
  readonly api = new FakeApi();
  /** client_attempt_id → how many records the server holds for it (must end at 1). */
  readonly records = new Map<string, number>();
  /** Every POST to the score endpoint, in arrival order. */
  readonly posts: FakeRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  answer: ((request: FakeRequest) => Answer) | null = null;

  constructor() {
    this.api.on('POST', '/books/quizzes/:quizId/scores/', async (request) => {
      this.posts.push(request);
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const override = this.answer?.(request);
        if (override) return override;
        const id = (request.body as { client_attempt_id: string }).client_attempt_id;
        const first = !this.records.has(id);
        if (first) this.records.set(id, 1);
        return { status: first ? 201 : 200, data: { id: 1, client_attempt_id: id } };
      } finally {
        this.inFlight--;
      }
    });
  }

  postedIds(): string[] {
    return this.posts.map((p) => (p.body as { client_attempt_id: string }).client_attempt_id);
  }
}

/**
 * A batch endpoint of client events (reading, review) as the real server behaves: it keeps the
 * first event of each client_event_id and accepts every id of a batch, a replay's too, answering
 * `{accepted, ...extra}`. `answer` may override the answer per request.
 */
export class FakeEventEndpoint<E extends { client_event_id: string }> {
  /** client_event_id → the event the server keeps (the first one). */
  readonly events = new Map<string, E>();
  /** Every POST to the endpoint, in arrival order. */
  readonly posts: FakeRequest[] = [];
  answer: ((request: FakeRequest) => Answer) | null = null;

  constructor(api: FakeApi, path: string, extra: Record<string, unknown> = {}) {
    api.on('POST', path, (request) => {
      this.posts.push(request);
      const override = this.answer?.(request);
      if (override) return override;
      const { events } = request.body as { events: E[] };
      for (const event of events) if (!this.events.has(event.client_event_id)) this.events.set(event.client_event_id, event);
      return { status: 200, data: { accepted: events.map((e) => e.client_event_id), ...extra } };
    });
  }

  /** The client_event_id of every event posted, in order, replays included. */
  postedIds(): string[] {
    return this.posts.flatMap((p) => (p.body as { events: E[] }).events.map((e) => e.client_event_id));
  }
}

/** Web Locks as a browser has them, shared by the "tabs" that are given the same instance. */
export class FakeLockManager {
  private queues = new Map<string, Promise<unknown>>();
  held = 0;

  request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(name) ?? Promise.resolve();
    const run = previous.then(async () => {
      this.held++;
      try {
        return await callback();
      } finally {
        this.held--;
      }
    });
    this.queues.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  }

  asLockManager(): LockManager {
    return this as unknown as LockManager;
  }
}

export { AppDB };
