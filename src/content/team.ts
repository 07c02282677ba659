import type { TeamMember } from './types';

/**
 * The three visionaries of the About page. The seed documents withhold people's names, so each
 * profile uses a role-based slug and a role-based `name`: replace `name` with the person's name
 * (the slug stays, so links keep working).
 */
export const teamMembers: TeamMember[] = [
  {
    slug: 'founder-chairman',
    imageUrl: '/images/team/founder-chairman.svg',
    name: 'The Founder & Chairman',
    designation: 'Founder & Chairman, Senior Consultant Laparoscopic Surgeon',
    intro:
      'A general surgeon who took up laparoscopy in its early years in India and founded the institute in 1998 to make structured training available to every surgeon who wanted it.',
    highlight: 'Has personally trained hundreds of surgeons at the endotrainer and at the operating table.',
    details: [
      {
        title: 'Surgical practice',
        description:
          'Decades of laparoscopic practice across gall bladder, hernia, appendix, colorectal and bariatric surgery, with a special interest in safe cholecystectomy.',
      },
      {
        title: 'Teaching',
        description: 'Designed the ten-day comprehensive course and the knotting and suturing course, and leads the live operative workshops.',
      },
      {
        title: 'Innovation',
        description: 'Conceived the low-cost endotrainer, the paradoxical movement trainer and the periscope trainer used in the skills laboratory.',
      },
      {
        title: 'Recognition',
        description:
          'Invited faculty at national conferences of surgical associations; organiser of the institute’s telesurgery and human–machine interface meetings.',
      },
    ],
  },
  {
    slug: 'chairman',
    imageUrl: '/images/team/chairman.svg',
    name: 'The Chairman',
    designation: 'Chairman, Academic Council',
    intro: 'Oversees the institute’s academic programmes, its recognition by universities and associations, and the quality of its certification.',
    highlight: 'Introduced observed skill assessment before every certificate the institute awards.',
    details: [
      {
        title: 'Academic governance',
        description: 'Chairs the council that approves curricula, faculty appointments and the assessment of trainees.',
      },
      {
        title: 'Partnerships',
        description: 'Leads the institute’s work with universities, surgical associations and hospitals that host trainees.',
      },
      {
        title: 'Research',
        description: 'Supervises studies on learning curves in laparoscopic skills and on the outcomes of trained surgeons.',
      },
    ],
  },
  {
    slug: 'director',
    imageUrl: '/images/team/director.svg',
    name: 'The Director',
    designation: 'Director, Training Programmes',
    intro:
      'Runs the day-to-day training: course schedules, the skills laboratory, live workshops and the follow-up of trainees after they return to their hospitals.',
    highlight: 'Coordinates more than a dozen courses and workshops every year.',
    details: [
      {
        title: 'Course direction',
        description: 'Directs the hernia and bariatric surgery courses and the month-long and year-long fellowships.',
      },
      {
        title: 'Skills laboratory',
        description: 'Maintains the endotrainer stations, simulators and the video library used for self-study.',
      },
      {
        title: 'Trainee support',
        description: 'Keeps in touch with former trainees, helps them start laparoscopy services and invites them back as faculty.',
      },
    ],
  },
];

/** The team member for a slug, or undefined when no profile matches. */
export function findTeamMember(slug: string): TeamMember | undefined {
  return teamMembers.find((member) => member.slug === slug);
}
