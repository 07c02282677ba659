/** The public routes of SPEC §1–2 and texts each must show (shared by the e2e tests). */
export interface PublicRoute {
  path: string;
  heading: string;
  texts: string[];
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  {
    path: '/',
    heading: 'Empowering Surgeons, Advancing Healthcare',
    texts: [
      'Leaders in Laparoscopic Surgery Training',
      'Get Started',
      'Learn More',
      '2000+',
      '6+',
      'Offerings',
      '$9.99',
      '$19.99',
      '$99.99',
      'Coming Soon',
      'Send us a message',
    ],
  },
  { path: '/home', heading: 'Empowering Surgeons, Advancing Healthcare', texts: ['Our history: founded in 1998', 'What our trainees say'] },
  {
    path: '/about',
    heading: 'About the Institute',
    texts: ['READ MORE', 'Meet Our Visionaries', 'Our Facilities', '12+', '100+', 'Over 2000 trained professionals'],
  },
  { path: '/about/founder-chairman', heading: 'The Founder & Chairman', texts: ['Founder & Chairman, Senior Consultant Laparoscopic Surgeon', 'Innovation'] },
  { path: '/about/chairman', heading: 'The Chairman', texts: ['Academic governance'] },
  { path: '/about/director', heading: 'The Director', texts: ['Skills laboratory'] },
  { path: '/about/unknown-person', heading: 'Team Member Not Found', texts: ['Back to Team List'] },
  {
    path: '/training-programs',
    heading: 'Training Programs',
    texts: ['Recognised by', 'Didactic sessions and telelectures', 'Enrol Now', '2,50,000', '6,00,000', '18% GST applicable'],
  },
  {
    path: '/news-updates',
    heading: 'Empowering Surgeons, Advancing Healthcare',
    texts: ['Blog', 'CONFERENCES & WORKSHOPS', 'Read more', 'First Laparoscopic Surgery Workshop 1999'],
  },
  {
    path: '/news-updates/0',
    heading: 'Live Operative Workshop on Advanced Laparoscopic Surgery 2019',
    texts: ['15–17 November 2019', 'Back to All Posts', 'Next'],
  },
  { path: '/news-updates/16', heading: 'Telesurgery Demonstration 2003: Mentoring Across Cities', texts: ['9 August 2003', 'Previous', 'Next'] },
  { path: '/news-updates/42', heading: 'Post not found!', texts: ['Back to All Posts'] },
  { path: '/contacts', heading: 'Contact Us', texts: ['Address', 'Phone', 'Mail', 'I agree that my submitted data is being collected and stored.'] },
  {
    path: '/innovations',
    heading: 'Empowering Surgeons, Advancing Healthcare',
    texts: [
      'Paradoxical Movement Trainer',
      'Periscope Trainer',
      'Low-cost Endotrainer',
      'Circulation Pump with Pulsatile Flow',
      'Virtual Reality Laparoscopic Training Module',
    ],
  },
  { path: '/login', heading: 'Login', texts: [] },
  { path: '/register', heading: 'Register', texts: [] },
];
