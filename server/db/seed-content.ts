/**
 * Demo books for a fresh installation: chapter text as Lexical editor states and quizzes
 * in the shared quiz format. Pure data, no database code — the seeder consumes it.
 *
 * Documents have exactly the shape lexical 0.52 writes with `editorState.toJSON()`:
 * `direction` is null (0.52 no longer records a detected direction), a paragraph
 * repeats the format and style of its first text node in `textFormat`/`textStyle`,
 * and adjacent text nodes of the same format are merged — so parsing and
 * re-serialising a chapter gives back the same JSON. Images are our `chapter-image`
 * node with a `seed-media:<file>` src that the seeder must replace (`resolveSeedMedia`)
 * before the content goes through `checkChapterContent`, which drops non-http(s) media.
 */
import type { QuizData } from '../../src/contract/quiz';

import type {
  SerializedBlock as BlockNodeJSON,
  SerializedChapterImage as ChapterImageNodeJSON,
  SerializedDocument as LexicalDocument,
  SerializedHeading as HeadingNodeJSON,
  SerializedInline as InlineNodeJSON,
  SerializedLineBreak as LineBreakNodeJSON,
  SerializedLink as LinkNodeJSON,
  SerializedList as ListNodeJSON,
  SerializedParagraph as ParagraphNodeJSON,
  SerializedQuote as QuoteNodeJSON,
  SerializedText as TextNodeJSON,
} from '../../src/contract/lexical-json';
import { elementFields, TEXT_FORMAT } from '../../src/contract/lexical-json';

export type { BlockNodeJSON, LexicalDocument };

export interface SeedChapter {
  title: string;
  order: number;
  content: LexicalDocument;
}
export interface SeedBook {
  key: string;
  title: string;
  author: string;
  description: string;
  /** File name in server/db/seed-media/. */
  cover: string;
  chapters: SeedChapter[];
  quiz?: { title: string; quiz_data: QuizData };
}

// ---------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------

export const SEED_MEDIA_PREFIX = 'seed-media:';

/** Text colours of the editor's palette used in the demo content. */
const WARNING_RED = '#b71c1c';
const CLINICAL_BLUE = '#0d47a1';

const { bold: BOLD, italic: ITALIC, underline: UNDERLINE } = TEXT_FORMAT;

interface TextOptions {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  color?: string;
}
type Inline = string | InlineNodeJSON;

const element = () => elementFields();

/** A text node; `color` becomes the inline style `color: <value>`. */
export function text(value: string, options: TextOptions = {}): TextNodeJSON {
  const format = (options.bold ? BOLD : 0) | (options.italic ? ITALIC : 0) | (options.underline ? UNDERLINE : 0);
  return {
    type: 'text',
    version: 1,
    text: value,
    format,
    style: options.color ? `color: ${options.color}` : '',
    mode: 'normal',
    detail: 0,
  };
}
const b = (value: string, options: TextOptions = {}) => text(value, { ...options, bold: true });
const i = (value: string, options: TextOptions = {}) => text(value, { ...options, italic: true });
/** Bold red: reserved for safety warnings. */
const warn = (value: string) => text(value, { bold: true, color: WARNING_RED });
/** Blue: key numbers and terms worth remembering. */
const key = (value: string) => text(value, { bold: true, color: CLINICAL_BLUE });

export const br = (): LineBreakNodeJSON => ({ type: 'linebreak', version: 1 });

/** Strings become plain text; neighbouring text nodes of identical format merge, as Lexical would. */
function inlines(items: Inline[]): InlineNodeJSON[] {
  const out: InlineNodeJSON[] = [];
  for (const item of items) {
    const node = typeof item === 'string' ? text(item) : item;
    if (node.type === 'text' && node.text === '') continue;
    const last = out[out.length - 1];
    if (node.type === 'text' && last?.type === 'text' && last.format === node.format && last.style === node.style) {
      out[out.length - 1] = { ...last, text: last.text + node.text };
    } else {
      out.push(node);
    }
  }
  return out;
}

export function link(label: string | TextNodeJSON | TextNodeJSON[], url: string): LinkNodeJSON {
  const children = typeof label === 'string' ? [text(label)] : Array.isArray(label) ? label : [label];
  return { ...element(), type: 'link', url, rel: 'noopener noreferrer', target: null, title: null, children };
}

export function p(...items: Inline[]): ParagraphNodeJSON {
  const children = inlines(items);
  const first = children.find((c): c is TextNodeJSON => c.type === 'text');
  return { ...element(), type: 'paragraph', textFormat: first?.format ?? 0, textStyle: first?.style ?? '', children };
}

export function h(level: 2 | 3, ...items: Inline[]): HeadingNodeJSON {
  return { ...element(), type: 'heading', tag: `h${level}`, children: inlines(items) };
}

export function quote(...items: Inline[]): QuoteNodeJSON {
  return { ...element(), type: 'quote', children: inlines(items) };
}

type ListItemInput = Inline | Inline[];
function list(listType: 'bullet' | 'number', items: ListItemInput[]): ListNodeJSON {
  return {
    ...element(),
    type: 'list',
    listType,
    start: 1,
    tag: listType === 'bullet' ? 'ul' : 'ol',
    children: items.map((item, index) => ({
      ...element(),
      type: 'listitem',
      value: index + 1,
      children: inlines(Array.isArray(item) ? item : [item]),
    })),
  };
}
export const ul = (...items: ListItemInput[]) => list('bullet', items);
export const ol = (...items: ListItemInput[]) => list('number', items);

export function image(file: string, altText: string, width: number, height: number, caption: string): ChapterImageNodeJSON {
  return { type: 'chapter-image', version: 1, src: `${SEED_MEDIA_PREFIX}${file}`, altText, width, height, caption };
}

export function doc(...children: BlockNodeJSON[]): LexicalDocument {
  return { root: { ...element(), type: 'root', children } };
}

/** File names (in server/db/seed-media/) of the images a chapter refers to. */
export function seedMediaFiles(content: LexicalDocument): string[] {
  return content.root.children.flatMap((node) =>
    node.type === 'chapter-image' && node.src.startsWith(SEED_MEDIA_PREFIX) ? [node.src.slice(SEED_MEDIA_PREFIX.length)] : [],
  );
}

/** A copy of the document with every `seed-media:<file>` src replaced by `toUrl(file)`. */
export function resolveSeedMedia(content: LexicalDocument, toUrl: (file: string) => string): LexicalDocument {
  return {
    root: {
      ...content.root,
      children: content.root.children.map((node) =>
        node.type === 'chapter-image' && node.src.startsWith(SEED_MEDIA_PREFIX)
          ? { ...node, src: toUrl(node.src.slice(SEED_MEDIA_PREFIX.length)) }
          : node,
      ),
    },
  };
}

const SAGES = 'https://www.sages.org/';
const SAGES_GUIDELINES = 'https://www.sages.org/publications/guidelines/';
const IAGES = 'https://www.iages.in/';
const FLS = 'https://www.flsprogram.org/';
const HERNIASURGE = 'https://doi.org/10.1007/s10029-017-1668-x';
const EHS = 'https://www.europeanherniasociety.eu/';
const TRAINING_DESK = 'mailto:training@example.org';

// ---------------------------------------------------------------------------
// Book 1 — Fundamentals of Laparoscopic Surgery
// ---------------------------------------------------------------------------

const ergonomics = doc(
  p(
    'Laparoscopy changes the way a surgeon sees and moves. The operative field becomes a two-dimensional image on a screen, the instruments pivot at the abdominal wall, and the operator works for long periods in a static posture. Good ergonomics is therefore not a matter of comfort alone: a badly arranged theatre increases fatigue, slows the operation and raises the chance of error. This chapter describes a routine you can apply to every case, from a diagnostic laparoscopy to a long advanced procedure.',
  ),
  h(2, 'The principle of coaxial alignment'),
  p(
    'The surgeon, the target organ and the monitor should lie on one straight line — the ',
    i('coaxial alignment'),
    '. When the monitor sits off to one side, the surgeon operates with the neck rotated while the hands work in a different direction from the eyes, and hand–eye coordination suffers.',
  ),
  ul(
    'Place the primary monitor directly in front of the operating surgeon, on the far side of the patient, beyond the target organ.',
    ['Set the screen at or slightly below eye level so that the gaze falls about ', key('15° below the horizontal'), ' (a comfortable range is roughly 10–25°). Looking up at a high screen strains the neck within minutes.'],
    'The whole screen should be visible without moving the head; for a 26–32-inch high-definition monitor this usually means a viewing distance of about 1–2 m.',
    'The camera assistant and the scrub nurse need their own line of sight. Give them a second monitor rather than expecting them to twist towards the surgeon’s screen.',
  ),
  quote(i('The monitor goes beyond the disease; the surgeon stands opposite it. Every other position in the room follows from this line.')),
  h(2, 'Operating table and the surgeon’s posture'),
  p(
    'Laparoscopic instrument handles sit higher than open instruments because the shafts pass over the abdominal wall. The table must therefore be lower than for open surgery — ergonomic studies show the least discomfort and shoulder muscle work when ',
    b('the instrument handles are at, or a little below, the surgeon’s elbow height'),
    '. When a short surgeon and a tall assistant share the table, give the surgeon a step platform rather than letting them operate with raised shoulders.',
  ),
  ul(
    'Shoulders relaxed, upper arms close to the trunk, elbows flexed at about 90–120°.',
    'Wrists near neutral: avoid sustained flexion and ulnar deviation, and choose handles that fit the hand.',
    'Weight on both feet. Place the foot pedals of energy devices close to the foot so that you never stand on one leg to reach them, and keep the pedals of different devices clearly apart.',
    'Take brief micro-pauses during long cases — drop the shoulders, stretch the fingers. They reduce fatigue without prolonging the operation.',
  ),
  h(2, 'Positioning the team and the stack'),
  p('As a rule the surgeon stands ', b('opposite the target'), ' and the monitor is placed ', b('beyond it'), '. Some common arrangements:'),
  ul(
    [b('Cholecystectomy: '), 'surgeon on the patient’s left (the “American” position) or between the legs (the “French” position); monitor at the patient’s right shoulder.'],
    [b('Inguinal hernia (TAPP or TEP): '), 'surgeon on the side opposite the hernia, camera assistant beside the surgeon or at the head end; monitor at the foot of the table.'],
    [b('Appendicectomy: '), 'surgeon and camera assistant on the patient’s left; monitor on the patient’s right, level with the pelvis.'],
  ),
  p(
    'The laparoscopic tower — camera control unit, light source, insufflator, energy generator and recorder — usually stands beside the primary monitor so that the insufflation pressure is in the surgeon’s view. Route the light cable, camera cable, gas tubing and energy leads together, away from the surgeon’s feet, and secure them to the drapes without kinks or tight loops.',
  ),
  h(2, 'Equipment check before the incision'),
  ol(
    ['CO₂ supply: cylinder adequately filled with a spare in theatre, insufflator on, pressure limit set (usually ', key('12–15 mmHg'), ' for an adult) before any gas enters the patient.'],
    ['Camera: focus, brightness and ', b('white balance'), ' against a white swab.'],
    'Telescope tip warmed (warm saline or anti-fog solution) so that it does not fog on entry.',
    'Energy devices: correct settings, and for monopolar diathermy a well-applied patient return electrode.',
    'Suction–irrigation connected and tested.',
    'An open-conversion set, including vascular clamps, available in the theatre.',
  ),
  p(
    warn('Safety: '),
    'the tip of a fibre-optic light cable becomes hot enough to burn drapes and skin. ',
    b('Never leave an active light cable lying on the patient'),
    ' — put the source on standby whenever the telescope is out of the body.',
  ),
  p(
    'Finally, pad every pressure point and strap the patient securely: steep Trendelenburg, reverse Trendelenburg and lateral tilt are routine in laparoscopy. Tucking the arms at the patient’s sides lets the surgeon and assistant stand close to the table, which itself improves posture.',
  ),
  p(
    'Further reading: the ergonomics and OR set-up resources of ',
    link('SAGES', SAGES),
    ' and the training programmes of ',
    link('IAGES', IAGES),
    '. To book a supervised session on the institute’s box trainers, write to ',
    link('training@example.org', TRAINING_DESK),
    '.',
  ),
);

const portPlacement = doc(
  p(
    'Port placement decides how easy the rest of the operation will be. Ports that are too close together make the instruments clash (“sword-fighting”); ports too far from the target leave the tips at the end of their reach; and a telescope that looks back towards the instruments produces a confusing, mirror-image view. A few geometric principles prevent most of these problems.',
  ),
  h(2, 'Triangulation and the baseball-diamond concept'),
  p(
    'Picture a baseball diamond. The telescope is at home plate, the target organ at second base and the two working ports at first and third base. The instruments converge on the target from either side of the optical axis and form a triangle whose apex is the operative field — ',
    i('triangulation'),
    '.',
  ),
  image(
    'port-placement.svg',
    'Abdomen outline with a camera port at the umbilicus and two working ports on either side; the instrument lines meet at the target at an angle of about 60 degrees, with the monitor beyond the target on the same axis.',
    800,
    700,
    'Triangulation: camera at home plate, working ports at first and third base, target at second base; manipulation angle about 60°.',
  ),
  ul(
    ['The ', b('manipulation angle'), ' — the angle between the two instruments at the target — is ideally about ', key('60°'), ', acceptable between 45° and 75°. Narrower angles make the instruments nearly parallel and suturing awkward; wider angles force the surgeon’s arms apart.'],
    ['The two ', b('azimuth angles'), ' (each instrument relative to the optical axis) should be roughly equal, so the telescope lies in the middle of the working triangle.'],
    ['Working ports should be at least ', key('5 cm'), ' apart — usually about a hand-breadth — to avoid external clashing of the hands and handles.'],
    'Place the working ports so that roughly half of each instrument’s shaft lies inside the abdomen when its tip is at the target.',
  ),
  h(2, 'The fulcrum effect'),
  p(
    'The abdominal wall acts as a fulcrum. Moving the handle to the right moves the tip to the left (the ',
    i('paradoxical movement'),
    '), and the ratio of the length outside the abdomen to the length inside scales every movement. When most of the shaft is outside, tip movements are small and precise but the reach is short and the surgeon tires; when most is inside, a small hand movement produces a large tip excursion and any tremor is amplified. A ratio close to 1:1 is the best compromise. Trainees should practise on a box trainer until the inverted movements become automatic.',
  ),
  h(2, 'The telescope'),
  ul(
    'The camera port is usually at the umbilicus: the abdominal wall is thinnest there, and the scar is hidden.',
    'A 30° telescope lets the assistant look over and around organs; the assistant must keep the horizon level and rotate the light post deliberately to change the direction of view.',
    'The telescope should look in the same direction as the instruments work. A port arrangement in which the camera faces the surgeon (mirror imaging) makes even simple tasks difficult.',
    'Keep some distance between the telescope and the target: magnification increases as the telescope approaches, the field narrows, and the instrument tips disappear from view.',
  ),
  h(2, 'Inserting secondary ports safely'),
  ol(
    'Insert every secondary port under direct vision, after the pneumoperitoneum is established.',
    ['Transilluminate the abdominal wall to see superficial vessels, and identify the ', b('inferior epigastric vessels'), ' laparoscopically in the lateral umbilical folds. Lateral ports go lateral to the rectus sheath.'],
    'Infiltrate local anaesthetic and make a skin incision that matches the port diameter: too small and excessive force is needed; too large and the port leaks gas and slips.',
    'Enter perpendicular to the skin with a controlled rotating movement, the index finger along the shaft as a stop, then angle towards the target once through the wall. Watch the tip on the monitor the whole time.',
  ),
  p(
    warn('Never insert a trocar blind once the telescope is inside.'),
    ' An unseen trocar tip is how bowel and vessels are injured.',
  ),
  h(2, 'Worked example: laparoscopic cholecystectomy'),
  ul(
    [b('10 mm umbilical'), ' — telescope.'],
    [b('10 mm epigastric'), ', just to the right of the falciform ligament — the surgeon’s right-hand (dissecting, clipping) port.'],
    [b('5 mm right midclavicular line'), ', 2–3 cm below the costal margin — the surgeon’s left-hand grasper on Hartmann’s pouch.'],
    [b('5 mm right anterior axillary line'), ' — the assistant’s grasper retracting the fundus over the liver.'],
  ),
  h(2, 'Closing port sites'),
  p(
    'Close the fascia of every port of ',
    b('10 mm or more'),
    ' in adults, especially at the umbilicus, to prevent port-site hernia; 5-mm ports in adults usually need skin closure only. Remove each port under vision and inspect the site: a bleeding vessel can be tamponaded by the port itself and only declare itself once the port is withdrawn.',
  ),
  p(
    'The ',
    link('Fundamentals of Laparoscopic Surgery (FLS) programme', FLS),
    ' offers a validated curriculum and box-trainer tasks for these skills; questions about the institute’s own course can go to ',
    link('training@example.org', TRAINING_DESK),
    '.',
  ),
);

const pneumoperitoneum = doc(
  p(
    'A large share of the serious complications of laparoscopy — often quoted as about half — happen at the moment of access, before the operation proper has begun. Creating the pneumoperitoneum is therefore a procedure in its own right, with its own checks. This chapter covers the two standard entry techniques, the choice of gas and pressure, the physiological effects of a CO₂ pneumoperitoneum and the complications you must be able to recognise.',
  ),
  h(2, 'Closed entry with the Veress needle'),
  p(
    'The Veress needle has a sharp outer needle and a spring-loaded, blunt inner stylet. While the needle passes through resistant tissue (fascia, peritoneum) the stylet is pushed back and the sharp edge cuts; as soon as the tip enters a free space the stylet springs forward and shields the viscera.',
  ),
  ol(
    'Empty the bladder; decompress the stomach with an orogastric tube if upper abdominal entry is planned or mask ventilation was difficult.',
    'Check the needle: spring action of the stylet and patency (flush with saline).',
    'Lift the abdominal wall at the umbilicus. In a slim patient aim the needle towards the pelvis at about 45°; in an obese patient insert it closer to 90°, because the abdominal wall is thicker.',
    'Feel the two “clicks” of fascia and peritoneum. Once inside, do not move the needle from side to side: that turns a puncture into a laceration.',
    'Confirm the position (below) before any gas flows.',
    'Start insufflation at low flow (about 1 L/min) and watch the pressure, symmetrical distension and loss of liver dullness before switching to high flow.',
  ),
  p(b('Confirmation tests:')),
  ul(
    'Aspiration returns nothing — no blood, bowel content or urine.',
    'Saline drop test: a drop of saline placed on the open hub is drawn in freely.',
    ['Opening pressure is low — typically ', key('below 8–10 mmHg'), ' at low flow — and rises gradually. A high opening pressure suggests the tip is preperitoneal, in the omentum or in bowel: withdraw and try again.'],
  ),
  p(
    warn('After two failed attempts, change the technique'),
    ' — switch to open entry or to an alternative site. Complication rates rise with every additional blind pass.',
  ),
  p(
    'The usual alternative site is ',
    b('Palmer’s point'),
    ': 3 cm below the left costal margin in the midclavicular line. It is useful after previous midline surgery or when periumbilical adhesions are suspected; avoid it with splenomegaly or previous splenic or gastric surgery, and decompress the stomach first.',
  ),
  h(2, 'Open (Hasson) entry'),
  ol(
    'Make a 1.5–2 cm incision at the umbilicus.',
    'Dissect down to the linea alba and lift it with small retractors.',
    'Incise the fascia for about 1.5 cm and place a stay suture on each edge.',
    'Open the peritoneum under direct vision and confirm entry with a finger sweep — no bowel should be adherent.',
    'Insert the blunt Hasson cannula and secure it to the stay sutures, which later close the fascia.',
    'Insufflate: high flow can be used straight away because the intraperitoneal position has been seen.',
  ),
  p(
    'No entry technique has been shown to be superior in every respect. Open entry avoids the blind passage of a needle and a trocar and is favoured in children, in pregnancy, in very thin patients (in whom the aortic bifurcation lies close behind the umbilicus) and after previous abdominal surgery. Use the technique you practise most — and know one alternative well.',
  ),
  h(2, 'Carbon dioxide and insufflation pressures'),
  p(
    'CO₂ is the standard gas: it does not support combustion (so diathermy is safe), it is highly soluble in blood (small emboli dissolve quickly), it is excreted rapidly through the lungs and it is cheap. Its drawbacks are absorption, causing hypercarbia and acidosis, and peritoneal irritation, which causes postoperative shoulder-tip pain.',
  ),
  ul(
    ['Adults: working pressure ', key('12–15 mmHg'), '; about 3–4 L of gas distends an average adult abdomen.'],
    'Children: lower pressures, usually 8–12 mmHg, and lower still in infants.',
    'Patients with cardiopulmonary disease: the lowest pressure that gives an adequate view, often 8–12 mmHg.',
    'Some surgeons raise the pressure briefly to 20–25 mmHg while inserting trocars, to stiffen the abdominal wall; return to the working pressure as soon as the ports are in.',
  ),
  h(2, 'Physiological effects'),
  ul(
    [b('Cardiovascular: '), 'raised intra-abdominal pressure compresses the inferior vena cava, reducing venous return and cardiac output, while systemic vascular resistance and often arterial pressure rise. Reverse Trendelenburg reduces preload further. Rapid peritoneal stretch can trigger a vagal bradycardia, even asystole — release the gas and give atropine.'],
    [b('Respiratory: '), 'the diaphragm is pushed upwards, reducing functional residual capacity and compliance and raising airway pressures; absorbed CO₂ raises the arterial PaCO₂. The anaesthetist increases minute ventilation, guided by end-tidal CO₂.'],
    [b('Renal: '), 'renal blood flow and urine output fall during the pneumoperitoneum and recover afterwards.'],
    [b('Cerebral: '), 'intracranial pressure rises — a relative contraindication in head injury.'],
  ),
  p(
    'Healthy patients tolerate 12–15 mmHg well. Keep talking to the anaesthetist: persistently high airway pressure, a rising end-tidal CO₂ or haemodynamic instability are reasons to lower the pressure.',
  ),
  h(2, 'Complications'),
  ul(
    [b('Entry injuries'), ' to the aorta, inferior vena cava, iliac vessels or bowel. If blood returns through the Veress needle, ', warn('leave the needle in place'), ' as a marker and proceed to laparotomy.'],
    [b('Preperitoneal insufflation and subcutaneous emphysema: '), 'crepitus and rising end-tidal CO₂; usually self-limiting once the pressure is reduced.'],
    [b('CO₂ embolism'), ' (rare, potentially fatal): sudden hypotension, arrhythmia, desaturation, a “mill-wheel” murmur and a ', i('sudden fall'), ' in end-tidal CO₂. Stop insufflation and release the pneumoperitoneum, give 100 % oxygen, place the patient head-down in the left lateral position, aspirate gas through a central venous catheter if one is in place, and start resuscitation if needed.'],
    [b('Capnothorax and pneumomediastinum'), ', especially in hiatal surgery.'],
    [b('Hypothermia'), ' from cold, dry gas in long cases.'],
    [b('Shoulder-tip pain'), ' from diaphragmatic irritation and residual gas: evacuate the CO₂ thoroughly at the end of the operation.'],
  ),
  p('See the ', link('SAGES guidelines', SAGES_GUIDELINES), ' for the society’s recommendations on laparoscopic access and pneumoperitoneum.'),
);

const suturing = doc(
  p(
    'Intracorporeal suturing is the skill that opens the door to advanced laparoscopy — closing an enterotomy, repairing the crura, fashioning an anastomosis. It is hard to learn because the surgeon works from a two-dimensional image, through fixed ports, with instruments that have fewer degrees of freedom than the human wrist and no direct touch. Structured, repeated practice on a box trainer is the only reliable route to competence.',
  ),
  h(2, 'Instruments and materials'),
  ul(
    ['Two ', b('needle holders'), ', or a needle holder in the dominant hand and an atraumatic grasper in the other. Some needle holders are self-righting: closing the jaws turns the needle to 90°.'],
    'A curved needle of 26 mm (half-circle) passes through a 10-mm port; use smaller needles for 5-mm ports.',
    ['For a single interrupted stitch cut the suture to about ', key('12–15 cm'), '. Longer threads tangle and waste time; very short ones make the knot impossible.'],
  ),
  h(2, 'Introducing and loading the needle'),
  ol(
    'Grasp the thread 2–3 cm behind the needle and draw the needle into the abdomen through the port under vision; the needle follows the thread.',
    'Lay the needle down in the centre of the screen, on a flat surface.',
    ['Grasp the needle at the junction of its posterior and middle thirds, ', b('perpendicular to the jaws'), ', with the tip pointing up.'],
    'Adjust its angle by pulling gently on the thread with the other instrument, or by pressing the tip against tissue with the jaws slightly open.',
  ),
  h(2, 'Driving the needle'),
  ul(
    'Enter the tissue at a right angle and drive the needle by rotating the wrist (supination), following the curve of the needle — never push straight.',
    'Use the non-dominant instrument to present the tissue and provide counter-pressure.',
    'Take consistent bites, typically about 5 mm from the edge.',
    'Recover the needle along its curve; grasp the body, not the point, which blunts easily.',
    'Pull the thread through until a short tail of about 2–3 cm remains.',
  ),
  h(2, 'The C-loop technique for a square knot'),
  ol(
    'Hold the long (needle) end with the non-dominant instrument and lay it in a C-shaped loop over the tissue, with the needle holder above the loop.',
    ['Wrap the long end ', b('twice'), ' around the needle holder for the first throw — a surgeon’s knot resists slipping while the second throw is laid.'],
    'Grasp the short tail with the tip of the needle holder.',
    'Pull the tail through the loops and tighten the throw by pulling the two ends in opposite directions with equal tension.',
    'Form a reverse C and wrap once in the opposite direction; grasp the tail and tighten — the knot is now square.',
    'Add a third single throw in the original direction, then cut the ends leaving short tails of about 5 mm.',
  ),
  p(
    'Alternating the direction of the wrap is what makes a square (flat) knot; wrapping the same way every time makes a ',
    i('granny knot'),
    ', which slips.',
  ),
  h(2, 'Extracorporeal knots'),
  p(
    'An extracorporeal knot is tied outside the abdomen and pushed down with a knot pusher. It is useful for ligating structures under tension, with thick sutures, or when intracorporeal tying is not yet secure. The ',
    b('Roeder knot'),
    ', a sliding knot, is the basis of the pre-tied ligature loops used, for example, on the base of the appendix.',
  ),
  h(2, 'Safety and practice'),
  ul(
    ['Keep the needle in view at all times. ', warn('Every needle that goes in must come out'), ' — remove it under vision, grasping the thread just behind it so that it follows into the port, and include it in the count.'],
    'Work in the centre of the screen, where the image is sharpest and both instruments are visible.',
    'Practise with a timer and a target: speed matters only once every stitch is accurate and every knot is secure.',
  ),
  p(
    'The intracorporeal knot is one of the five manual tasks of the ',
    link('FLS programme', FLS),
    ', which publishes proficiency targets. To reserve a suturing station at the institute, write to ',
    link('training@example.org', TRAINING_DESK),
    '.',
  ),
);

const fundamentalsQuiz: QuizData = [
  {
    id: 1,
    type: 'single-choice',
    question: 'What is the usual working CO₂ insufflation pressure for laparoscopy in a healthy adult?',
    options: ['4–6 mmHg', '12–15 mmHg', '20–25 mmHg', '30–35 mmHg'],
    answer: '12–15 mmHg',
  },
  {
    id: 2,
    type: 'single-choice',
    question: 'Where is Palmer’s point?',
    options: [
      '3 cm below the left costal margin in the midclavicular line',
      '3 cm below the right costal margin in the anterior axillary line',
      'Two finger-breadths above the pubic symphysis in the midline',
      'At the lateral border of the left rectus sheath, level with the umbilicus',
    ],
    answer: '3 cm below the left costal margin in the midclavicular line',
  },
  {
    id: 3,
    type: 'multiple-choice',
    question: 'Which findings support correct intraperitoneal placement of a Veress needle? Select all that apply.',
    options: [
      'Nothing can be aspirated through the needle',
      'A drop of saline on the hub is drawn in freely',
      'A low opening pressure (below about 8–10 mmHg) at low flow',
      'An opening pressure of 18 mmHg at a flow of 1 L/min',
      'Bile-stained fluid is aspirated',
    ],
    answer: [
      'Nothing can be aspirated through the needle',
      'A drop of saline on the hub is drawn in freely',
      'A low opening pressure (below about 8–10 mmHg) at low flow',
    ],
  },
  {
    id: 4,
    type: 'single-choice',
    question: 'What is the ideal manipulation angle between the two working instruments at the target?',
    options: ['About 15°', 'About 30°', 'About 60°', 'About 120°'],
    answer: 'About 60°',
  },
  {
    id: 5,
    type: 'match-the-following',
    question: 'Match each effect of a CO₂ pneumoperitoneum with its consequence.',
    left: [
      'Compression of the inferior vena cava',
      'Absorption of CO₂ from the peritoneum',
      'Upward displacement of the diaphragm',
      'Rapid stretching of the peritoneum',
    ],
    right: [
      'Vagal bradycardia',
      'Reduced venous return and cardiac output',
      'Reduced functional residual capacity and higher airway pressures',
      'Hypercarbia and respiratory acidosis',
    ],
    answer: [
      { left: 'Compression of the inferior vena cava', right: 'Reduced venous return and cardiac output' },
      { left: 'Absorption of CO₂ from the peritoneum', right: 'Hypercarbia and respiratory acidosis' },
      { left: 'Upward displacement of the diaphragm', right: 'Reduced functional residual capacity and higher airway pressures' },
      { left: 'Rapid stretching of the peritoneum', right: 'Vagal bradycardia' },
    ],
  },
  {
    id: 6,
    type: 'reorder',
    question: 'Put the steps of open (Hasson) entry in the correct order.',
    options: [
      'Insert the blunt Hasson cannula and secure it to the stay sutures',
      'Incise the fascia and place stay sutures',
      'Start CO₂ insufflation',
      'Make a 1.5–2 cm incision at the umbilicus',
      'Open the peritoneum under direct vision and confirm entry with a finger',
      'Dissect down to the linea alba',
    ],
    answer: [
      'Make a 1.5–2 cm incision at the umbilicus',
      'Dissect down to the linea alba',
      'Incise the fascia and place stay sutures',
      'Open the peritoneum under direct vision and confirm entry with a finger',
      'Insert the blunt Hasson cannula and secure it to the stay sutures',
      'Start CO₂ insufflation',
    ],
  },
  {
    id: 7,
    type: 'multiple-choice',
    question: 'Which of these are sound ergonomic practices in laparoscopy? Select all that apply.',
    options: [
      'Surgeon, target organ and monitor on one line',
      'Monitor placed so that the gaze falls about 15° below the horizontal',
      'Instrument handles at or slightly below elbow height',
      'Monitor mounted above eye level so the surgeon looks up',
      'Standing on one leg to operate a distant foot pedal',
    ],
    answer: [
      'Surgeon, target organ and monitor on one line',
      'Monitor placed so that the gaze falls about 15° below the horizontal',
      'Instrument handles at or slightly below elbow height',
    ],
  },
  {
    id: 8,
    type: 'single-choice',
    question: 'During insufflation the patient suddenly becomes hypotensive and desaturates. Which capnography finding points to CO₂ gas embolism?',
    options: [
      'A sudden fall in end-tidal CO₂',
      'A slow, steady rise in end-tidal CO₂',
      'An unchanged end-tidal CO₂ trace',
      'A rise in end-tidal CO₂ with crepitus over the chest wall',
    ],
    answer: 'A sudden fall in end-tidal CO₂',
  },
  {
    id: 9,
    type: 'reorder',
    question: 'Put the steps of an intracorporeal square knot (C-loop technique) in the correct order.',
    options: [
      'Pull the tail through and tighten the first throw',
      'Form a reverse C and wrap once in the opposite direction',
      'Form a C-loop with the long end and wrap it twice around the needle holder',
      'Pull the needle and thread through the tissue, leaving a short tail',
      'Grasp the short tail with the needle holder',
      'Tighten the second throw to square the knot',
    ],
    answer: [
      'Pull the needle and thread through the tissue, leaving a short tail',
      'Form a C-loop with the long end and wrap it twice around the needle holder',
      'Grasp the short tail with the needle holder',
      'Pull the tail through and tighten the first throw',
      'Form a reverse C and wrap once in the opposite direction',
      'Tighten the second throw to square the knot',
    ],
  },
  {
    id: 10,
    type: 'match-the-following',
    question: 'Match each term with its description.',
    left: ['Veress needle', 'Hasson cannula', 'Palmer’s point', 'Roeder knot'],
    right: [
      'Extracorporeal sliding knot',
      'Needle with a spring-loaded blunt stylet',
      'Left upper quadrant entry site',
      'Blunt port inserted after open entry',
    ],
    answer: [
      { left: 'Veress needle', right: 'Needle with a spring-loaded blunt stylet' },
      { left: 'Hasson cannula', right: 'Blunt port inserted after open entry' },
      { left: 'Palmer’s point', right: 'Left upper quadrant entry site' },
      { left: 'Roeder knot', right: 'Extracorporeal sliding knot' },
    ],
  },
];

// ---------------------------------------------------------------------------
// Book 2 — Laparoscopic Inguinal Hernia Repair: TAPP and TEP
// ---------------------------------------------------------------------------

const groinAnatomy = doc(
  p(
    'The laparoscopic surgeon sees the groin from behind — the reverse of the anatomy learnt at open hernia repair. The external oblique aponeurosis and the ilioinguinal nerve are out of sight; instead the preperitoneal space, the iliac vessels, the cord structures and the nerves of the lumbar plexus lie in the field. A safe repair rests on recognising a small number of landmarks and a few danger zones.',
  ),
  h(2, 'Landmarks seen through the peritoneum'),
  p('Before any incision, identify the five peritoneal folds of the lower anterior abdominal wall:'),
  ul(
    [b('Median umbilical fold'), ' (one, in the midline): the urachus.'],
    [b('Medial umbilical folds'), ' (one each side): the obliterated umbilical arteries.'],
    [b('Lateral umbilical folds'), ' (one each side): the inferior epigastric vessels.'],
  ),
  p(
    'The ',
    key('inferior epigastric vessels'),
    ' are the key landmark. An ',
    b('indirect'),
    ' (lateral) hernia emerges lateral to them through the deep inguinal ring, where the vas deferens and the testicular vessels converge (the round ligament in women). A ',
    b('direct'),
    ' (medial) hernia bulges medial to them through Hesselbach’s triangle. A ',
    b('femoral'),
    ' hernia lies below the iliopubic tract, medial to the external iliac vein.',
  ),
  h(2, 'The myopectineal orifice'),
  p(
    'Fruchaud (1956) described the myopectineal orifice: an area of the lower abdominal wall closed only by transversalis fascia, through which every inguinal and femoral hernia emerges. Its boundaries are:',
  ),
  ul(
    [b('Superiorly: '), 'the arching fibres of the internal oblique and transversus abdominis.'],
    [b('Medially: '), 'the lateral border of the rectus abdominis.'],
    [b('Inferiorly: '), 'Cooper’s (pectineal) ligament on the superior pubic ramus.'],
    [b('Laterally: '), 'the iliopsoas muscle.'],
  ),
  p(
    'The inguinal ligament — seen from behind as the ',
    i('iliopubic tract'),
    ' — divides the orifice into an upper, inguinal compartment (direct and indirect hernias) and a lower, femoral compartment. The purpose of a laparoscopic repair is to cover the ',
    b('entire'),
    ' myopectineal orifice with mesh, so that direct, indirect and femoral defects are all repaired at once.',
  ),
  image(
    'myopectineal-orifice.svg',
    'Schematic of the right groin seen laparoscopically: the myopectineal orifice bounded by the arching muscles, rectus abdominis, Cooper’s ligament and iliopsoas, crossed by the iliopubic tract; the inferior epigastric vessels, deep ring, vas deferens, testicular vessels, triangle of doom, triangle of pain and corona mortis are labelled.',
    800,
    600,
    'Right groin, laparoscopic view (peritoneum removed): the myopectineal orifice and its danger zones.',
  ),
  h(2, 'Danger zones'),
  h(3, 'Triangle of doom'),
  p(
    'Bounded medially by the ',
    b('vas deferens'),
    ' and laterally by the ',
    b('testicular (gonadal) vessels'),
    ', with its apex at the deep ring. It contains the ',
    warn('external iliac artery and vein'),
    '. No tacks, no energy and no blind dissection here.',
  ),
  h(3, 'Triangle of pain'),
  p(
    'Lies below the iliopubic tract, lateral to the gonadal vessels. It contains the ',
    b('lateral femoral cutaneous nerve of the thigh'),
    ', the ',
    b('femoral branch of the genitofemoral nerve'),
    ' and, more deeply, the femoral nerve. A tack placed here can cause persistent neuralgia, so no fixation is placed below the iliopubic tract lateral to the cord. Together the two triangles form the so-called ',
    i('trapezoid of disaster'),
    '.',
  ),
  h(3, 'Corona mortis'),
  p(
    'The “crown of death” is an anastomosis between the obturator and the inferior epigastric (or external iliac) vessels, crossing the superior pubic ramus over Cooper’s ligament. It is often venous and is found in a substantial minority of patients, with reported frequencies varying widely between series. If torn it bleeds briskly and may retract into the obturator foramen. Dissect Cooper’s ligament bluntly, look for the vessel before fixing anything there, and keep tacks clear of it.',
  ),
  h(2, 'Spaces and planes'),
  ul(
    [b('Space of Retzius'), ' (retropubic): medially, between the pubis and the bladder.'],
    [b('Space of Bogros'), ': laterally, between the peritoneum and the transversalis fascia, continuous with the space of Retzius.'],
    'The correct plane — between the peritoneum with its preperitoneal fat and the transversalis fascia — is almost bloodless. Bleeding usually means you are in the wrong layer.',
  ),
  p(
    'The international ',
    link('HerniaSurge guidelines for groin hernia management', HERNIASURGE),
    ' summarise the evidence behind laparoscopic repair; the ',
    link('European Hernia Society', EHS),
    ' publishes the hernia classification used throughout this book.',
  ),
);

const tapp = doc(
  p(
    'In the transabdominal preperitoneal (TAPP) repair the surgeon enters the peritoneal cavity, opens a peritoneal flap over the groin, dissects the preperitoneal space, places a mesh over the whole myopectineal orifice and closes the peritoneum over it. The intraperitoneal view makes the anatomy easy to recognise, which is why TAPP is often the first laparoscopic hernia repair a surgeon learns.',
  ),
  h(2, 'Patient selection'),
  ul(
    'Unilateral and bilateral primary inguinal hernias, and femoral hernias.',
    'Recurrence after an open anterior repair — a posterior approach works in unscarred tissue.',
    'Women, in whom a femoral hernia must be looked for and can be repaired at the same time.',
    ['Caution after previous lower abdominal or pelvic surgery (for example radical prostatectomy), with a large irreducible scrotal hernia, and in patients unfit for ', b('general anaesthesia'), ', which TAPP requires.'],
  ),
  h(2, 'Set-up'),
  ul(
    'The patient voids just before surgery; a catheter is only needed for long or difficult cases.',
    'Supine, both arms tucked, 10–15° Trendelenburg.',
    'Surgeon on the side opposite the hernia; monitor at the foot of the table.',
    ['Ports: ', b('10–12 mm umbilical'), ' (open entry) for the telescope and two ', b('5 mm'), ' working ports at the level of the umbilicus, lateral to each rectus sheath. Working pressure ', key('12–15 mmHg'), '.'],
  ),
  h(2, 'Operative steps'),
  ol(
    'Diagnostic laparoscopy: inspect both groins, identify the landmarks, classify the hernia (lateral, medial or femoral) and reduce its contents.',
    'Incise the peritoneum from the anterior superior iliac spine medially to the medial umbilical fold, about 3–4 cm above the hernia defect.',
    ['Medial dissection: open the space of Retzius and expose the ', b('pubic symphysis and Cooper’s ligament'), ', continuing about 2 cm beyond the midline. Reduce a direct sac by gentle traction; its pseudosac of transversalis fascia stays behind.'],
    'Lateral dissection: open the space of Bogros towards the anterior superior iliac spine and the psoas.',
    'Separate an indirect sac from the cord structures. Reduce small sacs completely; a large scrotal sac may be divided beyond the deep ring, leaving its distal part open.',
    ['Parietalise the cord: peel the peritoneum off the vas and the testicular vessels for about ', key('5–6 cm'), ', so that the lower edge of the mesh will lie flat.'],
    'Look for and reduce any cord lipoma, and check the femoral and obturator orifices.',
    ['Introduce a mesh of at least ', key('10 × 15 cm'), ' rolled through the 10-mm port and spread it over the whole myopectineal orifice, from beyond the symphysis medially to the anterior superior iliac spine laterally, with its lower edge on Cooper’s ligament and the parietalised cord.'],
    'Fix the mesh only if indicated (see the chapter on mesh and fixation).',
    'Close the peritoneum completely with a running absorbable or barbed suture; lowering the pressure to about 8–10 mmHg makes a tension-free closure easier.',
    'Release the gas under vision and close the fascia of the 10-mm port.',
  ),
  quote(
    i(
      'Before the mesh goes in, pause and check the “critical view” of the myopectineal orifice: symphysis and Cooper’s ligament medially, iliopsoas and the anterior superior iliac spine laterally, the cord structures parietalised, all hernia orifices empty.',
    ),
  ),
  p(
    warn('Close every gap in the peritoneum.'),
    ' A tear or an incompletely closed flap can trap small bowel against the mesh or through the defect and cause obstruction.',
  ),
  p(
    'The Indian society ',
    link('IAGES', IAGES),
    ' runs hands-on hernia courses; the institute’s own TAPP workshop dates are available from ',
    link('training@example.org', TRAINING_DESK),
    '.',
  ),
);

const tep = doc(
  p(
    'The totally extraperitoneal (TEP) repair achieves the same result as TAPP — the same dissection and the same mesh position — without entering the peritoneal cavity. There is no peritoneal flap to close and the abdominal organs are never exposed, but the working space is smaller, the landmarks are harder to recognise at first, and the learning curve is longer.',
  ),
  h(2, 'Creating the extraperitoneal space'),
  ol(
    'Make a 1.5 cm infraumbilical incision, slightly towards the side of the hernia.',
    'Incise the anterior rectus sheath on that side, just lateral to the linea alba.',
    'Retract the rectus muscle laterally to expose the posterior rectus sheath.',
    'Develop the space between the rectus muscle and the posterior sheath towards the pubis — with a balloon dissector inflated under vision, or bluntly with the telescope.',
    ['Insufflate the preperitoneal space with CO₂ at about ', key('10–12 mmHg'), '.'],
    'Insert two 5-mm working ports in the midline under vision, one about 3–4 cm above the pubic symphysis and one midway between it and the camera port.',
  ),
  h(2, 'Dissection'),
  ul(
    ['Identify the ', b('pubic symphysis and Cooper’s ligament'), ' first — they are the anchor of orientation in TEP — and the inferior epigastric vessels on the back of the rectus.'],
    'Clear the space of Retzius medially and reduce any direct sac.',
    'Open the space of Bogros lateral to the inferior epigastric vessels up to the anterior superior iliac spine.',
    'Dissect the indirect sac off the cord, parietalise the vas and the testicular vessels and remove any cord lipoma, exactly as in TAPP.',
    ['Below the ', i('arcuate line'), ' the posterior rectus sheath ends and only thin transversalis fascia and peritoneum remain; this is where most peritoneal tears occur.'],
  ),
  h(2, 'Managing a peritoneal tear'),
  p(
    'A peritoneal tear is the commonest technical problem in TEP. Gas escapes into the peritoneal cavity, the peritoneum balloons back into the working space and the view shrinks. Options, in increasing order:',
  ),
  ul(
    'Ignore a small tear if the working space remains adequate.',
    'Vent the peritoneal cavity with a Veress needle in the left upper quadrant.',
    'Close the tear with a pre-tied loop, clips or a suture — always if bowel could otherwise touch the mesh.',
    'Convert to TAPP if the view cannot be restored.',
  ),
  h(2, 'Mesh placement and desufflation'),
  p(
    'Place a mesh of at least ',
    key('10 × 15 cm'),
    ' (one on each side in a bilateral repair, overlapping in the midline) flat over the myopectineal orifice. Fixation is usually unnecessary for small and medium hernias in TEP. Then release the gas slowly under vision while ',
    b('holding the lower edge of the mesh down'),
    ' with a grasper: as the peritoneum falls back it can lift and roll the edge, ',
    warn('a classic cause of recurrence'),
    '.',
  ),
  h(2, 'TAPP or TEP?'),
  ul(
    'In experienced hands both give similar results for recurrence and chronic pain; choose the technique you have been trained in and perform regularly.',
    'TAPP: easier to learn, a wide view of both groins, and helpful for incarcerated hernias and for recurrences after earlier preperitoneal repair.',
    'TEP: no entry into the peritoneal cavity and no peritoneal closure; more demanding after previous preperitoneal surgery such as prostatectomy.',
  ),
  p(
    'Evidence comparing the two approaches is reviewed in the ',
    link('HerniaSurge guidelines', HERNIASURGE),
    '. Questions about the institute’s TEP training can be sent to ',
    link('training@example.org', TRAINING_DESK),
    '.',
  ),
);

const meshAndComplications = doc(
  p(
    'Dissection prepares the repair; the mesh performs it. This chapter covers the choice of mesh, when and how to fix it, and the complications of laparoscopic groin hernia repair — how to prevent them and how to recognise them.',
  ),
  h(2, 'Choosing the mesh'),
  ul(
    [b('Material: '), 'polypropylene is the standard; polyester and partly absorbable composites are alternatives. In TAPP and TEP the mesh lies outside the peritoneum, so an anti-adhesive coating is not needed.'],
    [b('Structure: '), 'large-pore (macroporous) meshes integrate well and shrink less. Very light meshes are more likely to bulge into a large direct defect and are best avoided there.'],
    [b('Size: '), 'at least ', key('10 × 15 cm'), ', and larger for big direct or indirect defects. A mesh that is too small is one of the commonest causes of recurrence.'],
    [b('Shape: '), 'flat meshes or pre-shaped three-dimensional meshes that follow the curve of the groin.'],
    ['Do ', b('not'), ' slit the mesh for the cord: after parietalisation the mesh lies intact over the cord structures.'],
  ),
  h(2, 'To fix or not to fix'),
  p(
    'In most TEP and TAPP repairs the mesh may be left unfixed: intra-abdominal pressure holds it in place against the abdominal wall. Fixation is advised for ',
    b('large medial (direct) defects'),
    ' — EHS grade M3 — where the mesh could otherwise herniate into the defect. Options are permanent or absorbable tacks and tissue glue (fibrin sealant or cyanoacrylate). The fewer tacks, the less pain.',
  ),
  h(3, 'Where a tack may go'),
  ul(
    'Cooper’s ligament, keeping clear of the external iliac vein and of any corona mortis.',
    'The posterior rectus muscle, medial to the inferior epigastric vessels.',
    ['The lateral abdominal wall ', b('above the iliopubic tract'), ' only — place your other hand on the abdominal wall: if you can feel the tip of the tacker, you are above the tract.'],
  ),
  h(3, 'Where a tack must never go'),
  ul(
    [warn('The triangle of doom'), ' — external iliac vessels.'],
    [warn('The triangle of pain'), ' — below the iliopubic tract lateral to the cord.'],
    'Into the inferior epigastric vessels or the corona mortis.',
  ),
  h(2, 'Complications'),
  h(3, 'During the operation'),
  ul(
    'Bleeding from the inferior epigastric vessels, the corona mortis or, rarely, the external iliac vessels.',
    'Bladder injury, particularly after previous retropubic surgery — suspect it with haematuria or gas in the urine bag.',
    'Bowel injury during TAPP, from adhesions or incarcerated contents.',
    'Injury to the vas deferens or the testicular vessels.',
  ),
  h(3, 'Early'),
  ul(
    [b('Seroma'), ' — the most frequent, especially after a large direct hernia. Most resolve spontaneously within a few weeks; reassure the patient and avoid needle aspiration unless it is symptomatic and persistent, because aspiration can introduce infection.'],
    [b('Urinary retention'), ' — more common in older men and after generous intravenous fluids; ask the patient to void just before surgery.'],
    'Haematoma and scrotal bruising; port-site bleeding, infection or hernia.',
  ),
  h(3, 'Late'),
  ul(
    [b('Chronic postoperative inguinal pain'), ': pain lasting beyond ', key('3 months'), '. It is less frequent after laparoscopic than after open repair, but tacks in the triangle of pain are an avoidable cause.'],
    [b('Recurrence'), ': usually technical — inadequate dissection, a missed hernia or lipoma, a mesh that is too small or poorly overlapping, a folded or lifted lower edge, or an unfixed mesh in a large direct defect.'],
    [b('Small-bowel obstruction'), ' through an unclosed peritoneal defect after TAPP.'],
    [b('Mesh infection'), ' — rare after laparoscopic repair — and, rarely, ischaemic orchitis or testicular atrophy after extensive distal dissection of a scrotal sac.'],
  ),
  p(
    'The ',
    link('HerniaSurge guidelines', HERNIASURGE),
    ' give graded recommendations on mesh, fixation and the management of complications. Report complications in the institute’s audit by writing to ',
    link('training@example.org', TRAINING_DESK),
    '.',
  ),
);

const herniaQuiz: QuizData = [
  {
    id: 1,
    type: 'single-choice',
    question: 'Which structures bound the triangle of doom?',
    options: [
      'The vas deferens medially and the testicular vessels laterally',
      'The iliopubic tract above and the testicular vessels medially',
      'The inferior epigastric vessels laterally and the rectus abdominis medially',
      'Cooper’s ligament below and the arching muscles above',
    ],
    answer: 'The vas deferens medially and the testicular vessels laterally',
  },
  {
    id: 2,
    type: 'single-choice',
    question: 'What is the minimum recommended mesh size for a laparoscopic inguinal hernia repair in an adult?',
    options: ['5 × 10 cm', '7.5 × 12 cm', '10 × 15 cm', '30 × 30 cm'],
    answer: '10 × 15 cm',
  },
  {
    id: 3,
    type: 'match-the-following',
    question: 'Match each anatomical zone with what it contains or represents.',
    left: ['Triangle of doom', 'Triangle of pain', 'Corona mortis', 'Hesselbach’s triangle'],
    right: [
      'Site of a direct inguinal hernia',
      'External iliac artery and vein',
      'Anastomosis between obturator and inferior epigastric vessels',
      'Lateral femoral cutaneous nerve and femoral branch of the genitofemoral nerve',
    ],
    answer: [
      { left: 'Triangle of doom', right: 'External iliac artery and vein' },
      { left: 'Triangle of pain', right: 'Lateral femoral cutaneous nerve and femoral branch of the genitofemoral nerve' },
      { left: 'Corona mortis', right: 'Anastomosis between obturator and inferior epigastric vessels' },
      { left: 'Hesselbach’s triangle', right: 'Site of a direct inguinal hernia' },
    ],
  },
  {
    id: 4,
    type: 'reorder',
    question: 'Put these steps of a TAPP repair in the correct order.',
    options: [
      'Place the mesh over the myopectineal orifice',
      'Incise the peritoneum above the hernia defect',
      'Close the peritoneum',
      'Diagnostic laparoscopy of both groins',
      'Dissect the preperitoneal space and parietalise the cord',
    ],
    answer: [
      'Diagnostic laparoscopy of both groins',
      'Incise the peritoneum above the hernia defect',
      'Dissect the preperitoneal space and parietalise the cord',
      'Place the mesh over the myopectineal orifice',
      'Close the peritoneum',
    ],
  },
  {
    id: 5,
    type: 'multiple-choice',
    question: 'Where may tacks be placed safely when fixing the mesh? Select all that apply.',
    options: [
      'Cooper’s ligament, clear of the corona mortis',
      'The posterior rectus muscle medial to the inferior epigastric vessels',
      'The lateral abdominal wall above the iliopubic tract',
      'Between the vas deferens and the testicular vessels',
      'Below the iliopubic tract lateral to the testicular vessels',
    ],
    answer: [
      'Cooper’s ligament, clear of the corona mortis',
      'The posterior rectus muscle medial to the inferior epigastric vessels',
      'The lateral abdominal wall above the iliopubic tract',
    ],
  },
  {
    id: 6,
    type: 'single-choice',
    question: 'A hernia sac emerges lateral to the inferior epigastric vessels. What type of hernia is it?',
    options: ['Direct inguinal', 'Indirect inguinal', 'Femoral', 'Obturator'],
    answer: 'Indirect inguinal',
  },
  {
    id: 7,
    type: 'multiple-choice',
    question: 'Which structures form the boundaries of the myopectineal orifice? Select all that apply.',
    options: [
      'The lateral border of the rectus abdominis',
      'Cooper’s (pectineal) ligament',
      'The iliopsoas muscle',
      'The arching fibres of the internal oblique and transversus abdominis',
      'The external oblique aponeurosis',
      'The obturator membrane',
    ],
    answer: [
      'The lateral border of the rectus abdominis',
      'Cooper’s (pectineal) ligament',
      'The iliopsoas muscle',
      'The arching fibres of the internal oblique and transversus abdominis',
    ],
  },
];

// ---------------------------------------------------------------------------

export const demoBooks: SeedBook[] = [
  {
    key: 'fundamentals-of-laparoscopic-surgery',
    title: 'Fundamentals of Laparoscopic Surgery',
    author: 'Institute Faculty of Minimal Access Surgery',
    description:
      'The core skills every laparoscopic surgeon needs before the first independent case: an ergonomic theatre set-up, port placement and triangulation, safe access and pneumoperitoneum, and intracorporeal suturing and knot tying.',
    cover: 'cover-fundamentals.svg',
    chapters: [
      { title: 'Ergonomics and Operating-Room Set-up', order: 1, content: ergonomics },
      { title: 'Port Placement and Triangulation', order: 2, content: portPlacement },
      { title: 'Pneumoperitoneum: Access, Insufflation and Physiology', order: 3, content: pneumoperitoneum },
      { title: 'Intracorporeal Knot Tying and Suturing', order: 4, content: suturing },
    ],
    quiz: { title: 'Fundamentals of Laparoscopic Surgery — Self-assessment', quiz_data: fundamentalsQuiz },
  },
  {
    key: 'laparoscopic-inguinal-hernia-repair',
    title: 'Laparoscopic Inguinal Hernia Repair: TAPP and TEP',
    author: 'Institute Faculty, Hernia and Abdominal Wall Unit',
    description:
      'A step-by-step guide to the two standard laparoscopic groin hernia repairs: the posterior anatomy of the groin and its danger zones, the transabdominal preperitoneal (TAPP) and totally extraperitoneal (TEP) techniques, mesh selection and fixation, and the prevention of complications.',
    cover: 'cover-hernia.svg',
    chapters: [
      { title: 'Surgical Anatomy of the Groin from Behind', order: 1, content: groinAnatomy },
      { title: 'TAPP: Transabdominal Preperitoneal Repair, Step by Step', order: 2, content: tapp },
      { title: 'TEP: Totally Extraperitoneal Repair, Step by Step', order: 3, content: tep },
      { title: 'Mesh Selection, Fixation and Complications', order: 4, content: meshAndComplications },
    ],
    quiz: { title: 'Laparoscopic Inguinal Hernia Repair — Self-assessment', quiz_data: herniaQuiz },
  },
];
