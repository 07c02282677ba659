/**
 * Ids of a drill's penalties. A repetition names its penalties by id, so an id never changes once
 * saved (a renamed penalty keeps it); a new penalty gets the slug of its label, or a random UUID
 * when the label has no Latin letters or digits or its slug is taken.
 */

/** The contract's penalty id: 1 to 40 lowercase letters, digits and hyphens, not starting with a hyphen. */
const MAX_ID_LENGTH = 40;

/** 'Peg dropped outside the field' → 'peg-dropped-outside-the-field'; '' when nothing is left. */
export function penaltySlug(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_ID_LENGTH)
    .replace(/-+$/, '');
}

/** The ids of the penalties in order: a kept id as it is, a new one (null) from its label. */
export function assignPenaltyIds(penalties: readonly { id: string | null; label: string }[]): string[] {
  const taken = new Set(penalties.flatMap((penalty) => (penalty.id ? [penalty.id] : [])));
  return penalties.map((penalty) => {
    if (penalty.id) return penalty.id;
    const slug = penaltySlug(penalty.label);
    const id = slug && !taken.has(slug) ? slug : crypto.randomUUID().toLowerCase();
    taken.add(id);
    return id;
  });
}
