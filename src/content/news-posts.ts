import type { NewsPost } from './types';

const img = (name: string) => `/images/news/${name}.svg`;

/**
 * News and updates: conferences and workshops from 1999 to 2019, newest first.
 * The list order is the order of the Previous/Next links; ids are stable, 0–17.
 * Text blocks are HTML and are sanitised before rendering.
 */
export const newsPosts: NewsPost[] = [
  {
    id: 0,
    Title: 'Live Operative Workshop on Advanced Laparoscopic Surgery 2019',
    MainImage: img('live-surgery'),
    content: [
      {
        Type: 'Text',
        Header: '15–17 November 2019 · Institute auditorium and operating theatres, Bengaluru',
        text: '<p>Three days of live surgery transmitted in high definition from two operating theatres to the auditorium. Fourteen procedures were performed, including laparoscopic common bile duct exploration, anterior resection and total extraperitoneal hernia repair.</p><p>Delegates questioned the operating surgeons throughout, and each afternoon ended with a panel on complications and how to avoid them.</p>',
      },
      {
        Type: 'Gallery',
        images: [
          { imageUrl: img('live-surgery'), description: 'Live transmission from theatre one' },
          { imageUrl: img('conference'), description: 'Delegates in the auditorium' },
          { imageUrl: img('faculty'), description: 'Panel on bile duct injuries' },
        ],
        description: 'More than 250 surgeons attended from eleven states.',
      },
    ],
  },
  {
    id: 1,
    Title: 'National Hernia Workshop 2018',
    MainImage: img('hernia'),
    content: [
      {
        Type: 'Text',
        Header: '24–26 August 2018 · Institute skills laboratory, Bengaluru',
        text: '<p>A three-day workshop on laparoscopic inguinal and ventral hernia repair. Faculty demonstrated TAPP and TEP repairs, the critical view of the myopectineal orifice and mesh fixation with tacks and glue.</p><ul><li>Live TAPP and TEP repairs</li><li>Hands-on mesh handling on the endotrainer</li><li>Session on chronic groin pain after repair</li></ul>',
      },
      { Type: 'BannerImage', url: img('hands-on'), alt: 'Delegates practising mesh placement' },
      {
        Type: 'Text',
        Header: 'Supported by the hernia societies',
        text: '<p>The workshop was held with the support of the Hernia Society of India and the Asia Pacific Hernia Society.</p>',
      },
    ],
  },
  {
    id: 2,
    Title: 'Bariatric & Metabolic Surgery Conclave 2017',
    MainImage: img('bariatric'),
    content: [
      {
        Type: 'Text',
        Header: '10–11 February 2017 · Conference hall, Bengaluru',
        text: '<p>The conclave brought together bariatric surgeons, endocrinologists and dietitians to discuss patient selection, sleeve gastrectomy, Roux-en-Y gastric bypass and long-term follow-up.</p><p>A live sleeve gastrectomy opened the conclave, followed by debates on surgery for type 2 diabetes in patients with a lower body-mass index.</p>',
      },
      {
        Type: 'Gallery',
        images: [{ imageUrl: img('bariatric'), description: 'Staple line reinforcement in sleeve gastrectomy' }, { imageUrl: img('conference') }],
      },
    ],
  },
  {
    id: 3,
    Title: 'Gynaecological Endoscopy Workshop 2016',
    MainImage: img('gynaecology'),
    content: [
      {
        Type: 'Text',
        Header: '8–9 October 2016 · Institute operating theatres, Bengaluru',
        text: '<p>Held with gynaecologists of FOGSI, the workshop covered total laparoscopic hysterectomy, ovarian cystectomy and the management of ectopic pregnancy, with emphasis on ureteric safety and ergonomics.</p>',
      },
      {
        Type: 'Gallery',
        images: [
          { imageUrl: img('gynaecology'), description: 'Port placement for total laparoscopic hysterectomy' },
          { imageUrl: img('hands-on'), description: 'Suturing the vaginal cuff on the trainer' },
        ],
        description: 'Forty gynaecologists took part in the hands-on sessions.',
      },
    ],
  },
  {
    id: 4,
    Title: 'Hands-on Knotting and Suturing Course 2015',
    MainImage: img('suturing'),
    content: [
      {
        Type: 'Text',
        Header: '18–19 July 2015 · Institute skills laboratory, Bengaluru',
        text: '<p>Two days devoted entirely to the needle holder. Trainees practised needle loading, the surgeon’s knot, the slip knot and continuous suturing, with timed drills at the end of each day.</p><p>Every participant completed an intracorporeal knot in under two minutes by the final assessment.</p>',
      },
      { Type: 'BannerImage', url: img('suturing'), alt: 'Intracorporeal knot on the endotrainer' },
    ],
  },
  {
    id: 5,
    Title: 'Live Operative Workshop 2014: Laparoscopic Colorectal Surgery',
    MainImage: img('live-surgery'),
    content: [
      {
        Type: 'Text',
        Header: '21–22 November 2014 · Institute auditorium, Bengaluru',
        text: '<p>Laparoscopic right hemicolectomy and anterior resection were performed live, with discussion of medial-to-lateral dissection, vascular control and anastomotic techniques.</p>',
      },
      {
        Type: 'Gallery',
        images: [
          { imageUrl: img('live-surgery'), description: 'Medial-to-lateral dissection' },
          { imageUrl: img('faculty'), description: 'Faculty answering questions from the floor' },
        ],
      },
    ],
  },
  {
    id: 6,
    Title: 'Hernia Workshop 2013: Laparoscopic Ventral Hernia Repair',
    MainImage: img('hernia'),
    content: [
      {
        Type: 'Text',
        Header: '14–15 September 2013 · Institute skills laboratory, Bengaluru',
        text: '<p>A focused workshop on intraperitoneal onlay mesh (IPOM) repair of ventral and incisional hernias: defect measurement, mesh overlap, defect closure and fixation.</p>',
      },
      { Type: 'BannerImage', url: img('hernia'), alt: 'Mesh overlap drawn around a ventral defect' },
    ],
  },
  {
    id: 7,
    Title: 'Endotrainer Skills Day 2012',
    MainImage: img('endotrainer'),
    content: [
      {
        Type: 'Text',
        Header: '4 March 2012 · Institute skills laboratory, Bengaluru',
        text: '<p>Former trainees returned to compete on five timed tasks: peg transfer, pattern cutting, clip application, loop ligation and intracorporeal knotting. Low-cost endotrainers were presented to surgeons starting laparoscopy services in district hospitals.</p>',
      },
      {
        Type: 'Gallery',
        images: [
          { imageUrl: img('endotrainer'), description: 'Peg transfer task' },
          { imageUrl: img('certificates'), description: 'Presentation of endotrainers' },
        ],
      },
    ],
  },
  {
    id: 8,
    Title: 'Safe Laparoscopic Cholecystectomy Workshop 2011',
    MainImage: img('live-surgery'),
    content: [
      {
        Type: 'Text',
        Header: '12–13 August 2011 · Institute auditorium, Bengaluru',
        text: '<p>Bile duct injury remains the most feared complication of laparoscopic cholecystectomy. This workshop taught the critical view of safety, bail-out strategies such as subtotal cholecystectomy, and when to convert.</p>',
      },
      {
        Type: 'Text',
        Header: 'Take-home points',
        text: '<ol><li>Obtain the critical view of safety before clipping anything.</li><li>Stop and reassess when the anatomy is unclear.</li><li>Conversion or a subtotal cholecystectomy is not a failure.</li></ol>',
      },
    ],
  },
  {
    id: 9,
    Title: 'Conference on Minimal Access Surgery in Smaller Hospitals 2010',
    MainImage: img('conference'),
    content: [
      {
        Type: 'Text',
        Header: '26–27 June 2010 · Conference hall, Bengaluru',
        text: '<p>Surgeons from taluk and district hospitals shared how they started laparoscopy services with limited equipment: sterilisation of instruments, maintenance of camera systems and building a referral network.</p>',
      },
      {
        Type: 'Gallery',
        images: [{ imageUrl: img('conference'), description: 'Opening session' }, { imageUrl: img('faculty') }],
        description: 'Proceedings were shared with all delegates after the conference.',
      },
    ],
  },
  {
    id: 10,
    Title: 'Live Operative Workshop 2009: Fundoplication and Hiatal Hernia',
    MainImage: img('live-surgery'),
    content: [
      {
        Type: 'Text',
        Header: '20–21 November 2009 · Institute operating theatres, Bengaluru',
        text: '<p>Laparoscopic Nissen and Toupet fundoplication were demonstrated live, with discussion of crural repair, mesh reinforcement of large hiatal defects and the work-up of reflux disease.</p>',
      },
      { Type: 'BannerImage', url: img('live-surgery'), alt: 'Crural repair seen on the theatre monitor' },
    ],
  },
  {
    id: 11,
    Title: 'Faculty Development Programme 2008: Teaching the Teachers',
    MainImage: img('faculty'),
    content: [
      {
        Type: 'Text',
        Header: '5–6 April 2008 · Institute seminar room, Bengaluru',
        text: '<p>Former trainees who now teach laparoscopy learned how to structure skills sessions, give feedback at the trainer and assess trainees objectively.</p>',
      },
      {
        Type: 'Gallery',
        images: [
          { imageUrl: img('faculty'), description: 'Feedback at the trainer' },
          { imageUrl: img('hands-on'), description: 'Designing a skills station' },
        ],
      },
    ],
  },
  {
    id: 12,
    Title: 'Hernia Workshop 2007: TEP Repair Step by Step',
    MainImage: img('hernia'),
    content: [
      {
        Type: 'Text',
        Header: '17–18 November 2007 · Institute auditorium, Bengaluru',
        text: '<p>Totally extraperitoneal repair was broken down into its steps: creating the preperitoneal space, identifying the landmarks, reducing the sac and placing the mesh. Each step was shown live and then practised on models.</p>',
      },
      {
        Type: 'Gallery',
        images: [{ imageUrl: img('hernia'), description: 'Landmarks of the preperitoneal space' }],
      },
    ],
  },
  {
    id: 13,
    Title: 'Emergency Laparoscopy Workshop 2006',
    MainImage: img('hands-on'),
    content: [
      {
        Type: 'Text',
        Header: '22–23 July 2006 · Institute operating theatres, Bengaluru',
        text: '<p>Laparoscopic appendicectomy, closure of perforated peptic ulcer and diagnostic laparoscopy in abdominal trauma, with attention to patient selection in the emergency setting.</p>',
      },
      { Type: 'BannerImage', url: img('hands-on'), alt: 'Trainees practising appendix stump ligation' },
    ],
  },
  {
    id: 14,
    Title: 'Symposium on Ergonomics in Laparoscopic Surgery 2005',
    MainImage: img('conference'),
    content: [
      {
        Type: 'Text',
        Header: '10 December 2005 · Conference hall, Bengaluru',
        text: '<p>Monitor height, table height, port triangulation and instrument design: the symposium measured how small changes reduce fatigue over a long operating list.</p>',
      },
    ],
  },
  {
    id: 15,
    Title: 'International Conference on Human–Machine Interface in Surgery 2004',
    MainImage: img('hmi'),
    content: [
      {
        Type: 'Text',
        Header: '19–21 March 2004 · Conference hall, Bengaluru',
        text: '<p>Engineers and surgeons met to discuss how the surgeon and the machine work together: haptic feedback, three-dimensional vision, robotic assistance and the design of trainers and simulators.</p><p>The conference led to the institute’s later work on a virtual reality training module.</p>',
      },
      {
        Type: 'Gallery',
        images: [
          { imageUrl: img('hmi'), description: 'Demonstration of a robotic camera holder' },
          { imageUrl: img('conference'), description: 'Engineering and surgery panel' },
        ],
        description: 'Speakers came from surgical departments, engineering institutes and industry.',
      },
    ],
  },
  {
    id: 16,
    Title: 'Telesurgery Demonstration 2003: Mentoring Across Cities',
    MainImage: img('telesurgery'),
    content: [
      {
        Type: 'Text',
        Header: '9 August 2003 · Institute operating theatre, Bengaluru, linked to a partner hospital',
        text: '<p>A laparoscopic cholecystectomy at a partner hospital was mentored live from the institute over a dedicated link. The mentor watched the operating field and guided the operating surgeon step by step.</p><p>The event showed how surgeons in distant hospitals could be supported during their first independent cases.</p>',
      },
      { Type: 'BannerImage', url: img('telesurgery'), alt: 'Video link between two operating theatres' },
    ],
  },
  {
    id: 17,
    Title: 'First Laparoscopic Surgery Workshop 1999',
    MainImage: img('endotrainer'),
    content: [
      {
        Type: 'Text',
        Header: '12–14 November 1999 · Institute skills laboratory, Bengaluru',
        text: '<p>The institute’s first public workshop: three days of lectures, endotrainer practice and live laparoscopic cholecystectomy for surgeons new to minimal access surgery.</p>',
      },
      {
        Type: 'Gallery',
        images: [
          { imageUrl: img('endotrainer'), description: 'The first endotrainer stations' },
          { imageUrl: img('certificates'), description: 'The first certificates' },
        ],
        description: 'Twenty-four surgeons attended the first workshop.',
      },
    ],
  },
];

/** The post with this id, or undefined (ids are integers 0–17). */
export function findNewsPost(id: number): NewsPost | undefined {
  return newsPosts.find((post) => post.id === id);
}

/** The neighbours of a post in list order; null at either end. */
export function newsNeighbours(id: number): { previous: NewsPost | null; next: NewsPost | null } {
  const index = newsPosts.findIndex((post) => post.id === id);
  if (index === -1) return { previous: null, next: null };
  return { previous: newsPosts[index - 1] ?? null, next: newsPosts[index + 1] ?? null };
}
