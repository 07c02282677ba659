/** Demo book: Fundamentals of Laparoscopic Surgery. */
import type { QuizData } from '../../../src/contract/quiz';
import { FLS, IAGES, SAGES, SAGES_GUIDELINES, TRAINING_DESK, b, doc, h, i, image, key, link, ol, p, quote, ul, warn, type SeedBook } from './builders';

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
    [
      'Set the screen at or slightly below eye level so that the gaze falls about ',
      key('15° below the horizontal'),
      ' (a comfortable range is roughly 10–25°). Looking up at a high screen strains the neck within minutes.',
    ],
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
    [
      b('Cholecystectomy: '),
      'surgeon on the patient’s left (the “American” position) or between the legs (the “French” position); monitor at the patient’s right shoulder.',
    ],
    [
      b('Inguinal hernia (TAPP or TEP): '),
      'surgeon on the side opposite the hernia, camera assistant beside the surgeon or at the head end; monitor at the foot of the table.',
    ],
    [b('Appendicectomy: '), 'surgeon and camera assistant on the patient’s left; monitor on the patient’s right, level with the pelvis.'],
  ),
  p(
    'The laparoscopic tower — camera control unit, light source, insufflator, energy generator and recorder — usually stands beside the primary monitor so that the insufflation pressure is in the surgeon’s view. Route the light cable, camera cable, gas tubing and energy leads together, away from the surgeon’s feet, and secure them to the drapes without kinks or tight loops.',
  ),
  h(2, 'Equipment check before the incision'),
  ol(
    [
      'CO₂ supply: cylinder adequately filled with a spare in theatre, insufflator on, pressure limit set (usually ',
      key('12–15 mmHg'),
      ' for an adult) before any gas enters the patient.',
    ],
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
    [
      'The ',
      b('manipulation angle'),
      ' — the angle between the two instruments at the target — is ideally about ',
      key('60°'),
      ', acceptable between 45° and 75°. Narrower angles make the instruments nearly parallel and suturing awkward; wider angles force the surgeon’s arms apart.',
    ],
    [
      'The two ',
      b('azimuth angles'),
      ' (each instrument relative to the optical axis) should be roughly equal, so the telescope lies in the middle of the working triangle.',
    ],
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
    [
      'Transilluminate the abdominal wall to see superficial vessels, and identify the ',
      b('inferior epigastric vessels'),
      ' laparoscopically in the lateral umbilical folds. Lateral ports go lateral to the rectus sheath.',
    ],
    'Infiltrate local anaesthetic and make a skin incision that matches the port diameter: too small and excessive force is needed; too large and the port leaks gas and slips.',
    'Enter perpendicular to the skin with a controlled rotating movement, the index finger along the shaft as a stop, then angle towards the target once through the wall. Watch the tip on the monitor the whole time.',
  ),
  p(warn('Never insert a trocar blind once the telescope is inside.'), ' An unseen trocar tip is how bowel and vessels are injured.'),
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
  ul('Aspiration returns nothing — no blood, bowel content or urine.', 'Saline drop test: a drop of saline placed on the open hub is drawn in freely.', [
    'Opening pressure is low — typically ',
    key('below 8–10 mmHg'),
    ' at low flow — and rises gradually. A high opening pressure suggests the tip is preperitoneal, in the omentum or in bowel: withdraw and try again.',
  ]),
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
    [
      b('Cardiovascular: '),
      'raised intra-abdominal pressure compresses the inferior vena cava, reducing venous return and cardiac output, while systemic vascular resistance and often arterial pressure rise. Reverse Trendelenburg reduces preload further. Rapid peritoneal stretch can trigger a vagal bradycardia, even asystole — release the gas and give atropine.',
    ],
    [
      b('Respiratory: '),
      'the diaphragm is pushed upwards, reducing functional residual capacity and compliance and raising airway pressures; absorbed CO₂ raises the arterial PaCO₂. The anaesthetist increases minute ventilation, guided by end-tidal CO₂.',
    ],
    [b('Renal: '), 'renal blood flow and urine output fall during the pneumoperitoneum and recover afterwards.'],
    [b('Cerebral: '), 'intracranial pressure rises — a relative contraindication in head injury.'],
  ),
  p(
    'Healthy patients tolerate 12–15 mmHg well. Keep talking to the anaesthetist: persistently high airway pressure, a rising end-tidal CO₂ or haemodynamic instability are reasons to lower the pressure.',
  ),
  h(2, 'Complications'),
  ul(
    [
      b('Entry injuries'),
      ' to the aorta, inferior vena cava, iliac vessels or bowel. If blood returns through the Veress needle, ',
      warn('leave the needle in place'),
      ' as a marker and proceed to laparotomy.',
    ],
    [b('Preperitoneal insufflation and subcutaneous emphysema: '), 'crepitus and rising end-tidal CO₂; usually self-limiting once the pressure is reduced.'],
    [
      b('CO₂ embolism'),
      ' (rare, potentially fatal): sudden hypotension, arrhythmia, desaturation, a “mill-wheel” murmur and a ',
      i('sudden fall'),
      ' in end-tidal CO₂. Stop insufflation and release the pneumoperitoneum, give 100 % oxygen, place the patient head-down in the left lateral position, aspirate gas through a central venous catheter if one is in place, and start resuscitation if needed.',
    ],
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
    [
      'Two ',
      b('needle holders'),
      ', or a needle holder in the dominant hand and an atraumatic grasper in the other. Some needle holders are self-righting: closing the jaws turns the needle to 90°.',
    ],
    'A curved needle of 26 mm (half-circle) passes through a 10-mm port; use smaller needles for 5-mm ports.',
    [
      'For a single interrupted stitch cut the suture to about ',
      key('12–15 cm'),
      '. Longer threads tangle and waste time; very short ones make the knot impossible.',
    ],
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
  p('Alternating the direction of the wrap is what makes a square (flat) knot; wrapping the same way every time makes a ', i('granny knot'), ', which slips.'),
  h(2, 'Extracorporeal knots'),
  p(
    'An extracorporeal knot is tied outside the abdomen and pushed down with a knot pusher. It is useful for ligating structures under tension, with thick sutures, or when intracorporeal tying is not yet secure. The ',
    b('Roeder knot'),
    ', a sliding knot, is the basis of the pre-tied ligature loops used, for example, on the base of the appendix.',
  ),
  h(2, 'Safety and practice'),
  ul(
    [
      'Keep the needle in view at all times. ',
      warn('Every needle that goes in must come out'),
      ' — remove it under vision, grasping the thread just behind it so that it follows into the port, and include it in the count.',
    ],
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
    explanation:
      '12–15 mmHg gives a working space with acceptable effects on venous return and ventilation; higher pressures compress the vena cava and splint the diaphragm.',
    options: ['4–6 mmHg', '12–15 mmHg', '20–25 mmHg', '30–35 mmHg'],
    answer: '12–15 mmHg',
  },
  {
    id: 2,
    type: 'single-choice',
    question: 'Where is Palmer’s point?',
    explanation:
      'Palmer’s point, 3 cm below the left costal margin in the midclavicular line, is the usual alternative entry site when adhesions to the umbilicus are suspected.',
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
    explanation:
      'Free flow of saline and a low opening pressure at low flow suggest the tip lies free in the peritoneal cavity; a high opening pressure or aspirated bile means a misplaced needle.',
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
    explanation:
      'A manipulation angle of about 60° between the instruments gives the best dexterity and the least fatigue; smaller angles make the instruments fight each other.',
    options: ['About 15°', 'About 30°', 'About 60°', 'About 120°'],
    answer: 'About 60°',
  },
  {
    id: 5,
    type: 'match-the-following',
    question: 'Match each effect of a CO₂ pneumoperitoneum with its consequence.',
    explanation:
      'Raised intra-abdominal pressure lowers venous return, absorbed CO₂ causes hypercarbia, the pushed-up diaphragm lowers lung volumes, and sudden peritoneal stretch can trigger a vagal reflex.',
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
    explanation:
      'Open entry proceeds layer by layer under vision: skin, linea alba, fascia with stay sutures, peritoneum confirmed by a finger, then the blunt cannula — and only then gas.',
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
    explanation:
      'Coaxial alignment, a monitor slightly below eye level and handles at elbow height reduce neck, shoulder and back strain; looking up or balancing on one leg does the opposite.',
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
    explanation:
      'A gas embolus blocks pulmonary blood flow, so less CO₂ reaches the lungs and end-tidal CO₂ falls suddenly; stop insufflation at once and release the pneumoperitoneum.',
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
    explanation:
      'The needle passes first, then the double wrap of the C-loop, the tail is grasped and pulled through, and a reverse single wrap squares the knot.',
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
    explanation: 'These four terms name the entry instruments and sites and the classic extracorporeal knot used in laparoscopy.',
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

export const fundamentalsBook: SeedBook = {
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
};
