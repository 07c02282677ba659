/**
 * The demo drills of the practice log (issue 37): the five FLS manual-skills tasks with their
 * proficiency targets (proficient after 2 consecutive passes and 10 more) and one drill of the
 * institute's own endotrainer. Pure data; the seeder checks the instructions as a chapter's content.
 */
import { FLS_RULE, type DrillPenalty } from '../../../src/contract/practice-rules';
import { b, doc, key, ol, p, type LexicalDocument } from './builders';

export interface SeedDrill {
  name: string;
  instructions: LexicalDocument;
  target_seconds: number;
  penalties: DrillPenalty[];
  consecutive_passes: number;
  further_passes: number;
}

const knotSlipped = (seconds: number): DrillPenalty => ({ id: 'knot-slipped', label: 'Knot slipped', seconds });
const sutureFaults: DrillPenalty[] = [
  { id: 'gap-in-slit', label: 'Gap in the slit', seconds: 10 },
  knotSlipped(20),
  { id: 'needle-off-marks', label: 'Needle off the marks', seconds: 5 },
];

export const demoDrills: SeedDrill[] = [
  {
    name: 'FLS peg transfer',
    target_seconds: 48,
    penalties: [{ id: 'peg-dropped', label: 'Peg dropped outside the field of view', seconds: 10 }],
    ...FLS_RULE,
    instructions: doc(
      p('Six triangular objects sit on the pegs on one side of the board.'),
      ol(
        'Lift each object with the grasper in your non-dominant hand.',
        'Transfer it in mid-air to the grasper in your dominant hand.',
        'Place it on a peg on the other side; when all six are across, bring them back the same way, from the dominant to the non-dominant hand.',
      ),
      p('Target ', key('48 s'), '. An object dropped inside the field of view may be picked up again; one dropped outside it counts as a penalty.'),
    ),
  },
  {
    name: 'FLS pattern cut',
    target_seconds: 98,
    penalties: [{ id: 'cut-outside', label: 'Cut outside the lines', seconds: 10 }],
    ...FLS_RULE,
    instructions: doc(
      p('A square of gauze is marked with two concentric circles.'),
      ol('Hold the gauze with the grasper to give the scissors tension.', 'Cut out the circle, staying between the two lines.'),
      p('Target ', key('98 s'), '. Each cut that leaves the lines counts as a penalty.'),
    ),
  },
  {
    name: 'FLS ligating loop',
    target_seconds: 53,
    penalties: [{ id: 'loop-off-mark', label: 'Loop more than 1 mm off the mark', seconds: 10 }, knotSlipped(10)],
    ...FLS_RULE,
    instructions: doc(
      p('A foam appendage is marked with a line near its base.'),
      ol('Pass a pretied ligating loop over the appendage.', 'Place the loop on the mark and cinch it down securely.', 'Cut the tail of the loop.'),
      p('Target ', key('53 s'), '.'),
    ),
  },
  {
    name: 'FLS extracorporeal suture',
    target_seconds: 136,
    penalties: sutureFaults,
    ...FLS_RULE,
    instructions: doc(
      p('A slit Penrose drain is marked with two dots, one on each side of the slit.'),
      ol(
        'Pass the needle through both marks.',
        'Tie the knot outside the trainer: three single throws, each slid down with the knot pusher.',
        'Close the slit with no gap and cut both tails.',
      ),
      p('Target ', key('136 s'), '.'),
    ),
  },
  {
    name: 'FLS intracorporeal suture',
    target_seconds: 112,
    penalties: sutureFaults,
    ...FLS_RULE,
    instructions: doc(
      p('The same Penrose drain, knotted inside the trainer.'),
      ol(
        'Pass the needle through both marks.',
        ['Tie a ', b('surgeon’s knot'), ' (a double throw) and then two single throws, changing hands between throws.'],
        'Close the slit with no gap and cut both tails.',
      ),
      p('Target ', key('112 s'), '.'),
    ),
  },
  {
    name: 'Endotrainer knot tying',
    target_seconds: 120,
    penalties: [knotSlipped(20), { id: 'loose-loop', label: 'Loose loop (air knot)', seconds: 10 }],
    ...FLS_RULE,
    instructions: doc(
      p('On the institute’s low-cost endotrainer, with the phone camera as the scope.'),
      ol(
        'Pass the needle through the two marks on the foam pad.',
        'Tie a square knot inside the trainer: a double throw, then two single throws, changing hands between throws.',
        'Snug the knot down onto the pad and cut both tails.',
      ),
      p('Target ', key('120 s'), '.'),
    ),
  },
];
