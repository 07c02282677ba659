/**
 * Shapes of the institute's static content. Field names follow the client's spec (§3),
 * including the capitalised ones of news posts (Title, MainImage, Type, Header).
 */

/** An image shipped in public/images with its intrinsic size, so the layout never jumps. */
export interface ImageAsset {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface Testimonial {
  id: number;
  quote: string;
  author: string;
  company: string;
}

export interface ProductTeaser {
  id: number;
  name: string;
  description: string;
  /** Price in US dollars, e.g. 9.99. */
  price: number;
  imageUrl: string;
  /** Where the product's button goes; null while the product is 'Coming Soon'. */
  link: string | null;
}

export interface FeatureCard {
  title: string;
  text: string;
  icon: 'skills' | 'live' | 'faculty' | 'certificate';
}

export interface Statistic {
  value: string;
  label: string;
}

export interface TeamMemberDetail {
  title: string;
  description: string;
}

export interface TeamMember {
  /** Role-based slug used in /about/{slug}. */
  slug: string;
  imageUrl: string;
  name: string;
  designation: string;
  intro: string;
  highlight: string;
  details: TeamMemberDetail[];
}

export interface Milestone {
  /** Year or period shown on the timeline, e.g. '1998' or '1999–2000'. */
  period: string;
  title: string;
  text: string;
}

export interface Course {
  title: string;
  /** Duration in days, also shown in the description. */
  durationDays: number;
  description: string;
  director: string;
  image: ImageAsset;
}

export interface FeeRow {
  programme: string;
  /** Fee in Indian rupees, before GST. */
  feeInr: number;
}

export interface RecognitionLogo {
  abbreviation: string;
  name: string;
  imageUrl: string;
}

export type NewsBlock =
  | { Type: 'BannerImage'; url: string; alt?: string }
  | { Type: 'Text'; Header?: string; text: string }
  | { Type: 'Gallery'; images: { imageUrl: string; description?: string }[]; description?: string };

export interface NewsPost {
  id: number;
  Title: string;
  MainImage: string;
  content: NewsBlock[];
}

export interface Innovation {
  title: string;
  /** HTML (sanitised before rendering); may contain lists. */
  description: string;
  imageUrls: string[];
  imagePosition: 'left' | 'right';
}
