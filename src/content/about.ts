import type { Milestone, Statistic } from './types';

export const aboutIntro = {
  title: 'About the Institute',
  lead: 'A training and research centre dedicated to laparoscopic surgery since 1998.',
  paragraphs: [
    'The institute began with one conviction: a surgeon in a district hospital deserves the same structured laparoscopic training as a surgeon in a metropolitan teaching hospital. Its courses combine lectures, long hours on endotrainers, live operative demonstrations and supervised assistance in the operating theatre.',
    'Over more than two decades its faculty have designed low-cost trainers, introduced skill assessment before certification and trained surgeons, gynaecologists and postgraduate students from across India and abroad.',
  ],
};

export const facilities: Statistic[] = [
  { value: '12+', label: 'Experience' },
  { value: '100+', label: 'People' },
];

export const facilitiesText =
  'A skills laboratory with endotrainer stations, a lecture hall linked to the operating theatre for live transmission, a video library of recorded procedures and a faculty of surgeons, anaesthetists, nurses and technicians.';

/** The eight milestones of the About timeline, in the order the spec lists them. */
export const milestones: Milestone[] = [
  {
    period: '1998',
    title: 'The institute is founded',
    text: 'The institute opens as a small laparoscopic training unit with one endotrainer and weekend courses for practising surgeons.',
  },
  {
    period: 'Before 1998',
    title: "The founder's global journey",
    text: 'The founder trains in minimal access surgery at centres abroad and brings back a conviction that structured, hands-on training can be offered in India at a fraction of the cost.',
  },
  {
    period: '1998–1999',
    title: 'The first curriculum',
    text: 'A ten-day course takes shape: didactic sessions, endotrainer exercises from camera navigation to suturing, and assisting in real laparoscopic operations.',
  },
  {
    period: '2000s',
    title: 'Programmes evolve',
    text: 'Short courses in knotting and suturing, hernia and bariatric surgery are added, along with month-long and year-long fellowships and live operative workshops.',
  },
  {
    period: '2000s',
    title: 'Affordable training with the Endotrainer',
    text: 'The faculty design a low-cost endotrainer so that trainees can keep practising at their own hospitals after the course ends.',
  },
  {
    period: '2010s',
    title: 'Skill assessment',
    text: 'Timed, observed tasks on the trainer are introduced before certification, so that a certificate reflects skills demonstrated, not only attendance.',
  },
  {
    period: '1999–2000',
    title: 'The website goes live',
    text: 'The institute publishes its website to announce courses and workshops (the records give both 1999 and 2000 as the launch year).',
  },
  {
    period: 'Today',
    title: 'Over 2000 trained professionals',
    text: 'More than 2000 surgeons, gynaecologists and postgraduate students have trained at the institute, many of whom now teach laparoscopy themselves.',
  },
];
