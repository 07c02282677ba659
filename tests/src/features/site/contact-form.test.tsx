import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactForm } from '../../../../src/features/site/components/contact-form';

const MESSAGES = {
  name: 'Please provide your name.',
  email: 'Please provide a valid email address.',
  message: 'Please enter your message.',
  consent: 'You must agree before submitting.',
};
const CONSENT = 'I agree that my submitted data is being collected and stored.';

function setup() {
  const user = userEvent.setup();
  render(<ContactForm />);
  return {
    user,
    name: screen.getByRole('textbox', { name: /Name/ }),
    email: screen.getByRole('textbox', { name: /Email/ }),
    message: screen.getByRole('textbox', { name: /Message/ }),
    consent: screen.getByRole('checkbox', { name: CONSENT }),
    submit: screen.getByRole('button', { name: 'Send message' }),
  };
}

describe('ContactForm', () => {
  it('shows no errors before the first submit', () => {
    setup();
    for (const text of Object.values(MESSAGES)) expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('shows every required message on an empty submit and focuses the first invalid field', async () => {
    const { user, name, submit } = setup();
    await user.click(submit);
    for (const text of Object.values(MESSAGES)) expect(screen.getByText(text)).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(MESSAGES.name);
    expect(screen.queryByText('Form submitted successfully!')).not.toBeInTheDocument();
  });

  it('rejects an invalid email address with the email message only', async () => {
    const { user, name, email, message, consent, submit } = setup();
    expect(email).toHaveAttribute('type', 'email');
    await user.type(name, 'Resident surgeon');
    await user.type(email, 'surgeon@hospital');
    await user.type(message, 'When does the next hernia course start?');
    await user.click(consent);
    await user.click(submit);
    expect(screen.getByText(MESSAGES.email)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.name)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.message)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.consent)).not.toBeInTheDocument();
    expect(email).toHaveFocus();
  });

  it('requires the consent checkbox', async () => {
    const { user, name, email, message, submit } = setup();
    await user.type(name, 'Resident surgeon');
    await user.type(email, 'resident@hospital.example');
    await user.type(message, 'Please send the fee details.');
    await user.click(submit);
    expect(screen.getByText(MESSAGES.consent)).toBeInTheDocument();
    expect(screen.queryByText('Form submitted successfully!')).not.toBeInTheDocument();
  });

  it('clears an error as soon as the field is corrected', async () => {
    const { user, name, submit } = setup();
    await user.click(submit);
    expect(screen.getByText(MESSAGES.name)).toBeInTheDocument();
    await user.type(name, 'A');
    expect(screen.queryByText(MESSAGES.name)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.email)).toBeInTheDocument();
  });

  it('shows the success alert on a valid submit and empties the form', async () => {
    const { user, name, email, message, consent, submit } = setup();
    await user.type(name, 'Resident surgeon');
    await user.type(email, 'resident@hospital.example');
    await user.type(message, 'Please send the fee details.');
    await user.click(consent);
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Form submitted successfully!');
    expect(name).toHaveValue('');
    expect(email).toHaveValue('');
    expect(message).toHaveValue('');
    expect(consent).not.toBeChecked();
    for (const text of Object.values(MESSAGES)) expect(screen.queryByText(text)).not.toBeInTheDocument();
  });
});
