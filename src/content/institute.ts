import type { FeatureCard, ProductTeaser, Statistic, Testimonial } from './types';

/**
 * The institute itself: identity, contact details and the home page's texts.
 * Contact details marked "replace" are placeholders: the seed documents do not give them.
 */
export const institute = {
  name: 'Laparoscopic Surgery Training Institute',
  shortName: 'Lap Institute',
  tagline: 'Training & Research Centre for Minimal Access Surgery',
  foundedYear: 1998,
  heroHeadline: 'Empowering Surgeons, Advancing Healthcare',
  heroSubline: 'Leaders in Laparoscopic Surgery Training',
  /** The site's search-result summary: index.html's (written by vite.config.ts) and every page without its own. */
  description: 'Laparoscopic surgery training institute and research centre in India: hands-on courses, live operative workshops, news and training e-books.',
} as const;

export const contactDetails = {
  /** Replace with the institute's postal address. */
  addressLines: ['Laparoscopic Surgery Training Institute', 'Institute campus (address to be confirmed)', 'Bengaluru, Karnataka, India'],
  /** Replace with the institute's desk number. */
  phone: '+91 00000 00000',
  /** Replace with the institute's mailbox. */
  email: 'info@institute.example',
  hours: 'Monday to Saturday, 9:00 to 17:30 IST',
  /** The map is an embed of www.google.com (allowed by the server's frame-src). */
  mapEmbedUrl: 'https://www.google.com/maps/embed?origin=mfe&pb=!1m3!2m1!1sBengaluru,+Karnataka,+India!6i12',
  /** The institute's video channel (footer); replace with the real channel address. */
  videoChannelUrl: 'https://www.youtube.com/results?search_query=laparoscopic+surgery+training+institute',
} as const;

export const historyParagraphs: string[] = [
  'The institute was founded in 1998 by a practising laparoscopic surgeon who had seen how few surgeons in India could reach structured training in minimal access surgery. It began with a single endotrainer, a borrowed camera system and weekend courses for surgeons from district hospitals.',
  'Since then it has grown into a training and research centre recognised by universities and surgical associations, running hands-on courses, live operative workshops and fellowships for surgeons, gynaecologists and postgraduate students.',
];

export const statistics: Statistic[] = [
  { value: '2000+', label: 'Students trained' },
  { value: '6+', label: 'Courses' },
  { value: '1998', label: 'Founded' },
];

export const featureCards: FeatureCard[] = [
  {
    title: 'Hands-on Skills Laboratory',
    text: 'Every trainee works at an endotrainer station: camera navigation, hand–eye coordination, clip application, intracorporeal knotting and suturing.',
    icon: 'skills',
  },
  {
    title: 'Live Operative Demonstrations',
    text: 'Procedures are transmitted from the operating theatre to the lecture hall, with the operating surgeon explaining each step as it happens.',
    icon: 'live',
  },
  {
    title: 'Experienced Faculty',
    text: 'Courses are taught by surgeons who operate every week, with small groups so that each trainee is corrected at the console, not only in lectures.',
    icon: 'faculty',
  },
  {
    title: 'Recognised Certification',
    text: 'Courses are recognised by RGUHS and supported by IAGES, HSI, APHS and FOGSI; skills are assessed before a certificate is awarded.',
    icon: 'certificate',
  },
];

export const testimonials: Testimonial[] = [
  {
    id: 1,
    quote:
      'After ten days on the endotrainer I finally stopped fighting the fulcrum effect. Back at my hospital I started doing laparoscopic cholecystectomies within three months.',
    author: 'Consultant General Surgeon',
    company: 'District hospital, Karnataka',
  },
  {
    id: 2,
    quote: 'The knotting and suturing course was worth every hour. Being corrected at the station, knot by knot, taught me more than any video.',
    author: 'Postgraduate student, General Surgery',
    company: 'Medical college, Andhra Pradesh',
  },
  {
    id: 3,
    quote: 'Watching live hernia repairs with the surgeon explaining mesh placement step by step made TEP repair finally make sense to me.',
    author: 'Assistant Professor of Surgery',
    company: 'Government medical college, Tamil Nadu',
  },
  {
    id: 4,
    quote: 'As a gynaecologist I came for total laparoscopic hysterectomy and left with safer port placement and better ergonomics for every case.',
    author: 'Consultant Obstetrician & Gynaecologist',
    company: 'Private hospital, Maharashtra',
  },
];

export const products: ProductTeaser[] = [
  {
    id: 1,
    name: 'Laparoscopic Training Manual (e-book)',
    description: 'Port placement, instrument handling, knotting and common procedures, with self-assessment quizzes. Readable offline.',
    price: 9.99,
    imageUrl: '/images/products/ebook.svg',
    link: '/books/',
  },
  {
    id: 2,
    name: 'Surgery Walkthrough App',
    description: 'Step-by-step walkthroughs of common laparoscopic procedures, from patient positioning to port closure.',
    price: 19.99,
    imageUrl: '/images/products/walkthrough-app.svg',
    link: null,
  },
  {
    id: 3,
    name: 'Laparoscopic Surgery Simulator',
    description: 'A take-home simulator for daily practice of camera navigation, cutting, clipping and suturing.',
    price: 99.99,
    imageUrl: '/images/products/simulator.svg',
    link: null,
  },
];

/** Interval between testimonials on the home page (spec §9). */
export const TESTIMONIAL_INTERVAL_MS = 5000;
