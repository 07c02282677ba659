/** Demo book: Laparoscopic Inguinal Hernia Repair: TAPP and TEP. */
import type { QuizData } from '../../../src/contract/quiz';
import { EHS, HERNIASURGE, IAGES, TRAINING_DESK, b, doc, h, i, image, key, link, ol, p, quote, ul, warn, type SeedBook } from './builders';

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
    [
      'Caution after previous lower abdominal or pelvic surgery (for example radical prostatectomy), with a large irreducible scrotal hernia, and in patients unfit for ',
      b('general anaesthesia'),
      ', which TAPP requires.',
    ],
  ),
  h(2, 'Set-up'),
  ul(
    'The patient voids just before surgery; a catheter is only needed for long or difficult cases.',
    'Supine, both arms tucked, 10–15° Trendelenburg.',
    'Surgeon on the side opposite the hernia; monitor at the foot of the table.',
    [
      'Ports: ',
      b('10–12 mm umbilical'),
      ' (open entry) for the telescope and two ',
      b('5 mm'),
      ' working ports at the level of the umbilicus, lateral to each rectus sheath. Working pressure ',
      key('12–15 mmHg'),
      '.',
    ],
  ),
  h(2, 'Operative steps'),
  ol(
    'Diagnostic laparoscopy: inspect both groins, identify the landmarks, classify the hernia (lateral, medial or femoral) and reduce its contents.',
    'Incise the peritoneum from the anterior superior iliac spine medially to the medial umbilical fold, about 3–4 cm above the hernia defect.',
    [
      'Medial dissection: open the space of Retzius and expose the ',
      b('pubic symphysis and Cooper’s ligament'),
      ', continuing about 2 cm beyond the midline. Reduce a direct sac by gentle traction; its pseudosac of transversalis fascia stays behind.',
    ],
    'Lateral dissection: open the space of Bogros towards the anterior superior iliac spine and the psoas.',
    'Separate an indirect sac from the cord structures. Reduce small sacs completely; a large scrotal sac may be divided beyond the deep ring, leaving its distal part open.',
    [
      'Parietalise the cord: peel the peritoneum off the vas and the testicular vessels for about ',
      key('5–6 cm'),
      ', so that the lower edge of the mesh will lie flat.',
    ],
    'Look for and reduce any cord lipoma, and check the femoral and obturator orifices.',
    [
      'Introduce a mesh of at least ',
      key('10 × 15 cm'),
      ' rolled through the 10-mm port and spread it over the whole myopectineal orifice, from beyond the symphysis medially to the anterior superior iliac spine laterally, with its lower edge on Cooper’s ligament and the parietalised cord.',
    ],
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
    [
      'Identify the ',
      b('pubic symphysis and Cooper’s ligament'),
      ' first — they are the anchor of orientation in TEP — and the inferior epigastric vessels on the back of the rectus.',
    ],
    'Clear the space of Retzius medially and reduce any direct sac.',
    'Open the space of Bogros lateral to the inferior epigastric vessels up to the anterior superior iliac spine.',
    'Dissect the indirect sac off the cord, parietalise the vas and the testicular vessels and remove any cord lipoma, exactly as in TAPP.',
    [
      'Below the ',
      i('arcuate line'),
      ' the posterior rectus sheath ends and only thin transversalis fascia and peritoneum remain; this is where most peritoneal tears occur.',
    ],
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
    [
      b('Material: '),
      'polypropylene is the standard; polyester and partly absorbable composites are alternatives. In TAPP and TEP the mesh lies outside the peritoneum, so an anti-adhesive coating is not needed.',
    ],
    [
      b('Structure: '),
      'large-pore (macroporous) meshes integrate well and shrink less. Very light meshes are more likely to bulge into a large direct defect and are best avoided there.',
    ],
    [
      b('Size: '),
      'at least ',
      key('10 × 15 cm'),
      ', and larger for big direct or indirect defects. A mesh that is too small is one of the commonest causes of recurrence.',
    ],
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
    [
      'The lateral abdominal wall ',
      b('above the iliopubic tract'),
      ' only — place your other hand on the abdominal wall: if you can feel the tip of the tacker, you are above the tract.',
    ],
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
    [
      b('Seroma'),
      ' — the most frequent, especially after a large direct hernia. Most resolve spontaneously within a few weeks; reassure the patient and avoid needle aspiration unless it is symptomatic and persistent, because aspiration can introduce infection.',
    ],
    [b('Urinary retention'), ' — more common in older men and after generous intravenous fluids; ask the patient to void just before surgery.'],
    'Haematoma and scrotal bruising; port-site bleeding, infection or hernia.',
  ),
  h(3, 'Late'),
  ul(
    [
      b('Chronic postoperative inguinal pain'),
      ': pain lasting beyond ',
      key('3 months'),
      '. It is less frequent after laparoscopic than after open repair, but tacks in the triangle of pain are an avoidable cause.',
    ],
    [
      b('Recurrence'),
      ': usually technical — inadequate dissection, a missed hernia or lipoma, a mesh that is too small or poorly overlapping, a folded or lifted lower edge, or an unfixed mesh in a large direct defect.',
    ],
    [b('Small-bowel obstruction'), ' through an unclosed peritoneal defect after TAPP.'],
    [
      b('Mesh infection'),
      ' — rare after laparoscopic repair — and, rarely, ischaemic orchitis or testicular atrophy after extensive distal dissection of a scrotal sac.',
    ],
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

export const herniaBook: SeedBook = {
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
};
