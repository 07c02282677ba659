/**
 * The organization's progress view (issue 35): one row per current member, one cell per
 * assignment that applies to them, each cell's status by the contract's rule. Figures come from
 * `book_progress` (kept by triggers), so a page reads only its own members' rows; sorting or
 * filtering by status ranks one row per member and assigned book of the whole organization
 * (1 000 members × 20 books) in the database, never their scores or reading events. The CSV is written a page
 * of members at a time. Each row also has one practice cell per drill (issue 37), folded from the
 * page's members' repetitions alone with the contract's proficiency rule.
 */
import {
  assignmentStatus,
  assignmentStatusLabels,
  csvRow,
  type AssignmentStatus,
  type ProgressCell,
  type ProgressRow,
  todayUtc,
} from '../../src/contract/progress';
import { type Drill, formatSeconds, inPerformedOrder, type MemberDrill, type PracticeCell, proficiencyOf, proficiencyText } from '../../src/contract/practice';
import type { Repositories } from '../repositories';
import { pairKey, type AssignmentRow } from '../repositories/assignments';
import type { RepetitionFact } from '../repositories/practice';
import type { BookFigures, MemberRow } from '../repositories/progress';

export type ProgressSort = 'name' | '-name' | 'last_synced' | '-last_synced' | 'status' | '-status';

/** A score's percentage exactly as a score record shows it (repositories/scores.ts). */
export const percentageOf = (ratio: number | null) => (ratio === null ? null : Math.round(ratio * 10000) / 100);

/** Worst first: the order of `?sort=status`. */
const STATUS_RANK: Record<AssignmentStatus, number> = { overdue: 0, not_started: 1, in_progress: 2, done: 3 };

interface Column {
  assignment: AssignmentRow;
  chapterCount: number;
  hasQuiz: boolean;
}

/** One member's figures for one drill: their repetitions, in any order, folded by the drill's rule as it is now. */
function practiceCell(drill: Drill, repetitions: readonly Pick<RepetitionFact, 'client_id' | 'performed_at' | 'passed' | 'verified'>[]): PracticeCell {
  const ordered = inPerformedOrder(repetitions);
  return {
    drill: drill.id,
    repetitions: ordered.length,
    verified: ordered.filter((r) => r.verified).length,
    last_practice: ordered.at(-1)?.performed_at ?? null,
    proficiency: proficiencyOf(ordered, drill),
  };
}

/** A cell's proficiency in words: 'Proficient 2026-03-01', or '2 of 2 consecutive passes, 7 of 10 further passes'. */
const proficiencyWords = (cell: PracticeCell) =>
  cell.proficiency.proficient_at ? `Proficient ${cell.proficiency.proficient_at.slice(0, 10)}` : proficiencyText(cell.proficiency);

/** The items in lists by key, each list in the items' order. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** Seconds with tenths, as the practice pages show them, without the unit (the CSV's header has it). */
const secondsOf = (ms: number) => formatSeconds(ms).slice(0, -2);

/** What a view of the organization's progress needs, read once per request. */
export class ProgressView {
  private constructor(
    private readonly repos: Repositories,
    readonly organizationId: number,
    readonly columns: Column[],
    readonly drills: Drill[],
    private readonly today: string,
  ) {}

  static async load(repos: Repositories, organizationId: number): Promise<ProgressView> {
    const [assignments, drills] = await Promise.all([repos.assignments.list(organizationId), repos.practice.listDrills()]);
    const facts = await repos.progress.bookFacts([...new Set(assignments.map((a) => a.book_id))]);
    const columns = assignments.map((assignment) => {
      const fact = facts.get(assignment.book_id)!;
      return { assignment, chapterCount: fact.chapter_count, hasQuiz: fact.quiz_id !== null };
    });
    return new ProgressView(repos, organizationId, columns, drills, todayUtc());
  }

  private get bookIds() {
    return [...new Set(this.columns.map((c) => c.assignment.book_id))];
  }
  private get assignmentIds() {
    return this.columns.filter((c) => !c.assignment.to_all).map((c) => c.assignment.id);
  }

  /** The assignments as the page's column groups. */
  header() {
    return this.columns.map(({ assignment: a }) => ({ id: a.id, book: a.book_id, book_title: a.book_title, due_date: a.due_date, pass_mark: a.pass_mark }));
  }

  /** The drills as the page's practice column groups. */
  drillHeader() {
    return this.drills.map((d) => ({ id: d.id, name: d.name, target_seconds: d.target_seconds }));
  }

  /** One cell per drill for each of these users, from their repetitions. */
  private async practiceCells(userIds: number[]): Promise<Map<number, PracticeCell[]>> {
    const facts = this.drills.length ? await this.repos.practice.facts(userIds) : [];
    const byPair = groupBy(facts, (f) => `${f.user_id}:${f.drill_id}`);
    return new Map(userIds.map((id) => [id, this.drills.map((drill) => practiceCell(drill, byPair.get(`${id}:${drill.id}`) ?? []))]));
  }

  private cells(userId: number, named: Set<string>, figures: Map<string, BookFigures>): ProgressCell[] {
    return this.columns
      .filter(({ assignment }) => assignment.to_all === 1 || named.has(pairKey(assignment.id, userId)))
      .map(({ assignment, chapterCount, hasQuiz }) => {
        const f = figures.get(`${userId}:${assignment.book_id}`);
        const chaptersRead = Math.min(f?.chapters_read ?? 0, chapterCount);
        const attempts = f?.attempts ?? 0;
        const best = percentageOf(f?.best_ratio ?? null);
        return {
          assignment: assignment.id,
          book: assignment.book_id,
          chapters_read: chaptersRead,
          chapter_count: chapterCount,
          attempts,
          best_percentage: best,
          last_activity: f?.last_activity ?? null,
          status: assignmentStatus({
            chaptersRead,
            chapterCount,
            attempts,
            bestPercentage: best,
            hasQuiz,
            passMark: assignment.pass_mark,
            dueDate: assignment.due_date,
            today: this.today,
          }),
        };
      });
  }

  /** The rows of these members, in the order given. */
  async rows(members: MemberRow[]): Promise<ProgressRow[]> {
    const ids = members.map((m) => m.id);
    const [named, figures, practice] = await Promise.all([
      this.repos.assignments.namedPairs(this.assignmentIds, ids),
      this.repos.progress.figures(ids, this.bookIds),
      this.practiceCells(ids),
    ]);
    const byPair = new Map(figures.map((f) => [`${f.user_id}:${f.book_id}`, f]));
    return members.map((m) => ({
      member: { id: m.id, full_name: m.full_name, email: m.email, role: m.role },
      last_synced: m.last_synced,
      books: this.cells(m.id, named, byPair),
      drills: practice.get(m.id)!,
    }));
  }

  /**
   * The ids of the members in the order asked, kept to those with an assignment in `status`
   * when given: ranked over the whole organization in the database (a status is not a column).
   */
  orderedByStatus(sort: ProgressSort, status: AssignmentStatus | undefined): Promise<number[]> {
    return this.repos.progress.rankedMemberIds(this.organizationId, this.today, sort, status === undefined ? undefined : STATUS_RANK[status]);
  }

  /** A page of rows: `count` members in all. */
  async page(sort: ProgressSort, status: AssignmentStatus | undefined, limit: number, offset: number): Promise<{ count: number; rows: ProgressRow[] }> {
    if (status || sort === 'status' || sort === '-status') {
      const ids = await this.orderedByStatus(sort, status);
      return { count: ids.length, rows: await this.rowsOf(ids.slice(offset, offset + limit)) };
    }
    const [count, members] = await Promise.all([
      this.repos.progress.memberCount(this.organizationId),
      this.repos.progress.memberPage(this.organizationId, sort as Exclude<ProgressSort, 'status' | '-status'>, limit, offset),
    ]);
    return { count, rows: await this.rows(members) };
  }

  /** These users, in the order given, those still members. */
  private async membersOf(ids: number[]): Promise<MemberRow[]> {
    const found = new Map((await this.repos.progress.membersByIds(this.organizationId, ids)).map((m) => [m.id, m]));
    return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  }

  private async rowsOf(ids: number[]): Promise<ProgressRow[]> {
    return this.rows(await this.membersOf(ids));
  }

  /** The CSV's header record. */
  csvHeader(): string {
    const groups = this.columns.flatMap(({ assignment: { book_title: t } }) => [
      `${t} — chapters read`,
      `${t} — attempts`,
      `${t} — best %`,
      `${t} — last activity`,
      `${t} — status`,
    ]);
    const drills = this.drills.flatMap(({ name }) => [`${name} — repetitions`, `${name} — verified`, `${name} — proficiency`, `${name} — last practice`]);
    return csvRow(['Member', 'Email', 'Role', 'Last synced', ...groups, ...drills]);
  }

  /** One CSV record per row; an assignment that does not apply to the member leaves its cells empty. */
  csvRecord(row: ProgressRow): string {
    const byAssignment = new Map(row.books.map((c) => [c.assignment, c]));
    const cells = this.columns.flatMap(({ assignment }) => {
      const c = byAssignment.get(assignment.id);
      return c ? [c.chapters_read, c.attempts, c.best_percentage, c.last_activity, assignmentStatusLabels[c.status]] : [null, null, null, null, null];
    });
    const practice = row.drills.flatMap((c) => [c.repetitions, c.verified, proficiencyWords(c), c.last_practice]);
    return csvRow([row.member.full_name, row.member.email, row.member.role, row.last_synced, ...cells, ...practice]);
  }

  /** The members in the order asked (kept to `status` when given), `pageSize` at a time. */
  private async *memberPages(sort: ProgressSort, status: AssignmentStatus | undefined, pageSize: number): AsyncGenerator<MemberRow[]> {
    if (status || sort === 'status' || sort === '-status') {
      const ids = await this.orderedByStatus(sort, status);
      for (let i = 0; i < ids.length; i += pageSize) yield await this.membersOf(ids.slice(i, i + pageSize));
      return;
    }
    for (let offset = 0; ; offset += pageSize) {
      const members = await this.repos.progress.memberPage(this.organizationId, sort as Exclude<ProgressSort, 'status' | '-status'>, pageSize, offset);
      if (members.length) yield members;
      if (members.length < pageSize) return;
    }
  }

  /** The whole CSV, UTF-8 with a byte-order mark, written `pageSize` members at a time. */
  async *csv(sort: ProgressSort, status: AssignmentStatus | undefined, pageSize = 200): AsyncGenerator<string> {
    yield `\uFEFF${this.csvHeader()}`;
    for await (const members of this.memberPages(sort, status, pageSize)) yield (await this.rows(members)).map((r) => this.csvRecord(r)).join('');
  }

  /**
   * The practice CSV (?format=practice_csv): one record per repetition of the members listed (in
   * the order asked), each member's by drill and then as performed, saying who verified it and when.
   */
  async *practiceCsv(sort: ProgressSort, status: AssignmentStatus | undefined, pageSize = 200): AsyncGenerator<string> {
    yield `\uFEFF${csvRow(['Member', 'Email', 'Drill', 'Performed at', 'Time s', 'Penalties', 'Score s', 'Passed', 'Verified by', 'Verified at'])}`;
    for await (const members of this.memberPages(sort, status, pageSize)) {
      const byUser = groupBy(await this.repos.practice.lines(members.map((m) => m.id)), (line) => line.user_id);
      const records = members.flatMap((m) =>
        (byUser.get(m.id) ?? []).map((r) =>
          csvRow([
            m.full_name,
            m.email,
            r.drill_name,
            r.performed_at,
            secondsOf(r.time_ms),
            r.penalties.map((p) => `${p.label} ×${p.count}`).join('; '),
            secondsOf(r.score_ms),
            r.passed ? 'yes' : 'no',
            r.verified_by?.full_name ?? null,
            r.verified_at,
          ]),
        ),
      );
      if (records.length) yield records.join('');
    }
  }
}

/** GET …/progress/{userId}/: one current member's attempts and reading per assignment that applies to them; undefined for anyone else. */
export async function memberProgress(repos: Repositories, organizationId: number, userId: number) {
  const [member] = await repos.progress.membersByIds(organizationId, [userId]);
  if (!member) return undefined;
  const assignments = await repos.assignments.forMember(organizationId, userId);
  const facts = await repos.progress.bookFacts([...new Set(assignments.map((a) => a.book_id))]);
  const figures = new Map((await repos.progress.figures([userId], [...facts.keys()])).map((f) => [f.book_id, f]));
  const today = todayUtc();
  const books = await Promise.all(
    assignments.map(async (a) => {
      const fact = facts.get(a.book_id)!;
      const [chapters, attempts] = await Promise.all([
        repos.progress.chaptersWithReads(userId, a.book_id),
        fact.quiz_id === null ? [] : repos.progress.attempts(userId, fact.quiz_id),
      ]);
      const f = figures.get(a.book_id);
      const chaptersRead = chapters.filter((c) => c.read_at !== null).length;
      return {
        assignment: a.id,
        book: a.book_id,
        book_title: a.book_title,
        due_date: a.due_date,
        status: assignmentStatus({
          chaptersRead,
          chapterCount: chapters.length,
          attempts: f?.attempts ?? 0,
          bestPercentage: percentageOf(f?.best_ratio ?? null),
          hasQuiz: fact.quiz_id !== null,
          passMark: a.pass_mark,
          dueDate: a.due_date,
          today,
        }),
        chapters,
        attempts: attempts.map((s) => ({
          id: s.id,
          score_percentage: percentageOf(s.correct_answers / s.total_questions)!,
          correct_answers: s.correct_answers,
          total_questions: s.total_questions,
          submitted_at: s.submitted_at,
        })),
      };
    }),
  );
  return {
    member: { id: member.id, full_name: member.full_name, email: member.email, role: member.role },
    membership_id: member.membership_id,
    last_synced: member.last_synced,
    drills: await memberDrills(repos, userId),
    books,
  };
}

/** The drills a member practised (in the drills' order), each with every repetition, newest first, and the proficiency. */
async function memberDrills(repos: Repositories, userId: number): Promise<MemberDrill[]> {
  const [drills, repetitions] = await Promise.all([repos.practice.listDrills(), repos.practice.allOf(userId)]);
  const byDrill = groupBy(repetitions, (r) => r.drill);
  return drills
    .filter((d) => byDrill.has(d.id))
    .map((drill) => {
      const own = byDrill.get(drill.id)!;
      return {
        drill: drill.id,
        name: drill.name,
        target_seconds: drill.target_seconds,
        proficiency: proficiencyOf(inPerformedOrder(own), drill),
        repetitions: own,
      };
    });
}

/** GET /books/my-assignments/: the assignments of the user's organization that apply to them. */
export async function myAssignments(repos: Repositories, userId: number) {
  const membership = await repos.organizations.findMembershipOfUser(userId);
  if (!membership) return [];
  const [organization, assignments] = await Promise.all([
    repos.organizations.findById(membership.organization_id),
    repos.assignments.forMember(membership.organization_id, userId),
  ]);
  if (!organization) return [];
  const facts = await repos.progress.bookFacts([...new Set(assignments.map((a) => a.book_id))]);
  const figures = new Map((await repos.progress.figures([userId], [...facts.keys()])).map((f) => [f.book_id, f]));
  const today = todayUtc();
  return assignments.map((a) => {
    const fact = facts.get(a.book_id)!;
    const f = figures.get(a.book_id);
    const chaptersRead = Math.min(f?.chapters_read ?? 0, fact.chapter_count);
    const attempts = f?.attempts ?? 0;
    const best = percentageOf(f?.best_ratio ?? null);
    const hasQuiz = fact.quiz_id !== null;
    return {
      id: a.id,
      organization: { id: organization.id, name: organization.name },
      book: a.book_id,
      book_title: a.book_title,
      due_date: a.due_date,
      note: a.note,
      pass_mark: a.pass_mark,
      chapters_read: chaptersRead,
      chapter_count: fact.chapter_count,
      attempts,
      best_percentage: best,
      has_quiz: hasQuiz,
      status: assignmentStatus({
        chaptersRead,
        chapterCount: fact.chapter_count,
        attempts,
        bestPercentage: best,
        hasQuiz,
        passMark: a.pass_mark,
        dueDate: a.due_date,
        today,
      }),
    };
  });
}

/** GET /books/my-progress/: the books the user began, with the chapters they read. */
export async function myProgress(repos: Repositories, userId: number) {
  const begun = await repos.progress.begunBooks(userId);
  const bookIds = begun.map((b) => b.book_id);
  const [facts, reads] = await Promise.all([repos.progress.bookFacts(bookIds), repos.progress.readChapters(userId, bookIds)]);
  return begun.map((b) => {
    const read = reads.get(b.book_id) ?? [];
    return {
      book: b.book_id,
      chapters_read: read.length,
      chapter_count: facts.get(b.book_id)!.chapter_count,
      read_chapters: read.map((r) => r.chapter_id),
      attempts: b.attempts,
      best_percentage: percentageOf(b.best_ratio),
      last_activity: b.last_activity,
    };
  });
}
