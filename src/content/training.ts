import type { Course, FeeRow, RecognitionLogo } from './types';

export const recognisedBy: RecognitionLogo[] = [
  { abbreviation: 'RGUHS', name: 'Rajiv Gandhi University of Health Sciences', imageUrl: '/images/logos/rguhs.svg' },
  { abbreviation: 'IAGES', name: 'Indian Association of Gastrointestinal Endo Surgeons', imageUrl: '/images/logos/iages.svg' },
  { abbreviation: 'HSI', name: 'Hernia Society of India', imageUrl: '/images/logos/hsi.svg' },
  { abbreviation: 'APHS', name: 'Asia Pacific Hernia Society', imageUrl: '/images/logos/aphs.svg' },
  { abbreviation: 'FOGSI', name: 'Federation of Obstetric and Gynaecological Societies of India', imageUrl: '/images/logos/fogsi.svg' },
];

/** What every course includes (spec §2, Training programs). */
export const courseIncludes: { title: string; text: string }[] = [
  {
    title: 'Didactic sessions and telelectures',
    text: 'Anatomy, physiology of pneumoperitoneum, instruments, energy sources and complications, with lectures from visiting faculty by video link.',
  },
  {
    title: 'Hands-on training',
    text: 'Hours every day at an endotrainer station: camera handling, coordination, dissection, clipping, knotting and suturing.',
  },
  { title: 'Video demonstration', text: 'Annotated recordings of complete procedures, reviewed step by step with the faculty.' },
  { title: 'Live surgical demonstration', text: 'Procedures transmitted live from the operating theatre, with questions to the operating surgeon.' },
  { title: 'Panel discussion', text: 'Case-based discussions of indications, difficult situations and how to get out of trouble.' },
  { title: 'Assisting laparoscopic surgery', text: 'Trainees scrub in and assist in real operations, holding the camera and retracting under supervision.' },
];

/** The course director is named by role until the names are supplied (see team.ts). */
export const courses: Course[] = [
  {
    title: 'Comprehensive Laparoscopic Training',
    durationDays: 10,
    description:
      'Duration: 10 days. From port placement and camera navigation to laparoscopic cholecystectomy, appendicectomy and diagnostic laparoscopy, with daily endotrainer practice and assisting in the theatre.',
    director: 'Founder & Chairman',
    image: { src: '/images/courses/comprehensive.svg', width: 640, height: 400, alt: 'Trainee at a laparoscopic endotrainer with a monitor' },
  },
  {
    title: 'Knotting and Suturing',
    durationDays: 2,
    description:
      'Duration: 2 days. Intracorporeal and extracorporeal knots, continuous and interrupted suturing, and needle handling drills timed on the endotrainer.',
    director: 'Founder & Chairman',
    image: { src: '/images/courses/suturing.svg', width: 640, height: 400, alt: 'Two needle holders tying an intracorporeal knot' },
  },
  {
    title: 'Laparoscopic Hernia Surgery',
    durationDays: 3,
    description:
      'Duration: 3 days. TAPP and TEP inguinal hernia repair and ventral hernia repair (IPOM): anatomy of the myopectineal orifice, mesh choice and fixation, live demonstrations.',
    director: 'Director, Training Programmes',
    image: { src: '/images/courses/hernia.svg', width: 640, height: 400, alt: 'Mesh placed over the myopectineal orifice' },
  },
  {
    title: 'Bariatric Surgery',
    durationDays: 3,
    description:
      'Duration: 3 days. Patient selection, sleeve gastrectomy and gastric bypass, stapling techniques, peri-operative care and follow-up of the bariatric patient.',
    director: 'Director, Training Programmes',
    image: { src: '/images/courses/bariatric.svg', width: 640, height: 400, alt: 'Stomach outline with a stapling line for sleeve gastrectomy' },
  },
];

/** Fee table (spec §9). Amounts in rupees before GST. */
export const fees: FeeRow[] = [
  { programme: '10 Days', feeInr: 60_000 },
  { programme: '1 Month', feeInr: 90_000 },
  { programme: '3 Months', feeInr: 250_000 },
  { programme: '6 Months', feeInr: 400_000 },
  { programme: '1 Year', feeInr: 600_000 },
  { programme: 'Bariatric surgery course (3 days)', feeInr: 50_000 },
  { programme: 'Hernia surgery course (3 days)', feeInr: 50_000 },
];

export const GST_NOTE = '18% GST applicable';

const inr = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Rupees in Indian digit grouping: 250000 → '2,50,000'. */
export function formatInr(amount: number): string {
  return inr.format(amount);
}
