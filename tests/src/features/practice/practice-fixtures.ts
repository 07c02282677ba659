/** Shared pieces of the practice tests (issue 37): drills, a fake practice server that keeps each client id once. */
import { isPass, scoreOf, type Drill, type Repetition } from '../../../../src/contract/practice';
import type { FakeApi, FakeRequest } from '../../../helpers/fake-api';
import { lexicalText, page } from '../books/fixtures';

export function makeDrill(overrides: Partial<Drill> = {}): Drill {
  return {
    id: 1,
    name: 'Peg transfer',
    instructions: lexicalText('Lift each peg with the left grasper and pass it to the right.'),
    target_seconds: 48,
    penalties: [{ id: 'peg-dropped-outside', label: 'Peg dropped outside the field', seconds: 10 }],
    consecutive_passes: 2,
    further_passes: 10,
    max_repetitions: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const PEG_TRANSFER = makeDrill();
export const PATTERN_CUT = makeDrill({ id: 2, name: 'Pattern cut', target_seconds: 98, penalties: [], instructions: null });

interface PostedRepetition {
  client_id: string;
  drill: number;
  time_ms: number;
  penalties: { penalty: string; count: number }[];
  performed_at: string;
}

/** GET drills, GET/POST/DELETE my-repetitions as the real server behaves (idempotent by client id, scores with its drills). */
export class FakePracticeServer {
  readonly records = new Map<string, Repetition>();
  readonly posts: FakeRequest[] = [];
  /** Overrides the answer of a POST (return undefined to answer normally). */
  postAnswer: ((request: FakeRequest) => { status: number; data?: unknown } | 'network' | undefined) | null = null;
  private nextId = 100;

  constructor(
    readonly api: FakeApi,
    public drills: Drill[] = [PEG_TRANSFER, PATTERN_CUT],
  ) {
    api.on('GET', '/practice/drills/', () => page(this.drills));
    api.on('GET', '/practice/my-repetitions/', () => page([...this.records.values()].sort((a, b) => b.performed_at.localeCompare(a.performed_at))));
    api.on('POST', '/practice/my-repetitions/', (request) => {
      this.posts.push(request);
      const override = this.postAnswer?.(request);
      if (override) return override;
      const { repetitions } = request.body as { repetitions: PostedRepetition[] };
      const answer = repetitions.map((posted) => this.records.get(posted.client_id) ?? this.store(posted));
      return { status: 200, data: { repetitions: answer, ignored: [] } };
    });
    api.on('DELETE', '/practice/my-repetitions/:id/', (request) => {
      const record = [...this.records.values()].find((r) => r.id === Number(request.params.id));
      if (!record) return { status: 404, data: { detail: 'Not found.' } };
      if (record.verified_by) return { status: 400, data: { detail: 'A verified repetition cannot be deleted.' } };
      this.records.delete(record.client_id);
      return { status: 204 };
    });
  }

  private store(posted: PostedRepetition): Repetition {
    const drill = this.drills.find((d) => d.id === posted.drill)!;
    const byId = new Map(drill.penalties.map((p) => [p.id, p]));
    const score = scoreOf(posted.time_ms, posted.penalties, drill.penalties);
    const record: Repetition = {
      id: this.nextId++,
      client_id: posted.client_id,
      drill: posted.drill,
      time_ms: posted.time_ms,
      penalties: posted.penalties.map((p) => ({ ...p, label: byId.get(p.penalty)!.label, seconds: byId.get(p.penalty)!.seconds })),
      score_ms: score,
      target_seconds: drill.target_seconds,
      passed: isPass(score, drill.target_seconds),
      performed_at: posted.performed_at,
      created_at: new Date().toISOString(),
      verified_by: null,
      verified_at: null,
    };
    this.records.set(record.client_id, record);
    return record;
  }

  /** A record the server holds already (made on another device, or verified). */
  add(overrides: Partial<Repetition> & Pick<Repetition, 'client_id' | 'performed_at'>): Repetition {
    const record: Repetition = {
      id: this.nextId++,
      drill: 1,
      time_ms: 40_000,
      penalties: [],
      score_ms: 40_000,
      target_seconds: 48,
      passed: true,
      created_at: overrides.performed_at,
      verified_by: null,
      verified_at: null,
      ...overrides,
    };
    this.records.set(record.client_id, record);
    return record;
  }
}
