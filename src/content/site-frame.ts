import { contactDetails, institute } from './institute';

/** The navbar's brand and the footer of every screen: the root layout and the build's app shell (entry-prerender) show the same. */
export const siteBrand = institute.shortName;

export const siteFooter = {
  brand: institute.name,
  tagline: institute.tagline,
  foundedYear: institute.foundedYear,
  videoChannelUrl: contactDetails.videoChannelUrl,
  contactLines: [...contactDetails.addressLines.slice(1), contactDetails.phone, contactDetails.email],
};
