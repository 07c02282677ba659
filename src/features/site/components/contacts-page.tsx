import { institute } from '../../../content/institute';
import { ContactForm } from './contact-form';
import { ContactSection } from './contact-section';
import { PageHero } from './page-hero';
import { Section } from './section';
import { PageMeta } from './page-meta';

/** Contacts (/contacts): details, map and the contact form. */
export function ContactsPage() {
  return (
    <>
      <PageMeta
        title={`Contacts — ${institute.name}`}
        description="Address, phone, email and map of the laparoscopic surgery training institute, and a form to ask about courses, fees and workshops."
      />
      <PageHero
        title="Contact Us"
        subtitle="Questions about courses, fees or workshops? Write to us or call the institute desk."
        imageUrl="/images/hero-theatre.svg"
        minHeight="32vh"
      />
      <Section id="contact-details" title="Get in touch">
        {/* The form is what this page is for: its code comes with the page. */}
        <ContactSection form={<ContactForm />} />
      </Section>
    </>
  );
}
