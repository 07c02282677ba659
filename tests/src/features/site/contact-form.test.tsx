import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_TEXT } from '../../../../src/contract/contact';
import { ContactForm } from '../../../../src/features/site/components/contact-form';
import { FakeApi } from '../../../helpers/fake-api';

let api: FakeApi;
let uninstall: () => void;
beforeEach(() => {
  api = new FakeApi();
  uninstall = api.install();
});
afterEach(() => {
  uninstall();
  vi.restoreAllMocks();
});

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

  async function fillValid(fields: ReturnType<typeof setup>) {
    await fields.user.type(fields.name, 'Resident surgeon');
    await fields.user.type(fields.email, 'Resident@Hospital.example');
    await fields.user.type(fields.message, 'Please send the fee details.');
    await fields.user.click(fields.consent);
  }

  async function expectKept(fields: ReturnType<typeof setup>) {
    expect(fields.name).toHaveValue('Resident surgeon');
    expect(fields.email).toHaveValue('Resident@Hospital.example');
    expect(fields.message).toHaveValue('Please send the fee details.');
    expect(fields.consent).toBeChecked();
    expect(screen.queryByText('Form submitted successfully!')).not.toBeInTheDocument();
  }

  it('shows the success alert only once the server accepted the message, then empties the form', async () => {
    let answer: (() => void) | undefined;
    api.on('POST', '/contact/', () => new Promise((resolve) => (answer = () => resolve({ status: 201, data: { detail: CONTACT_TEXT.success } }))));
    const fields = setup();
    await fillValid(fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(screen.queryByText('Form submitted successfully!')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer!();
    expect(await screen.findByRole('alert')).toHaveTextContent('Form submitted successfully!');
    expect(api.callsTo('/contact/', 'POST').map((c) => c.body)).toEqual([
      { name: 'Resident surgeon', email: 'Resident@Hospital.example', message: 'Please send the fee details.', consent: true },
    ]);
    const { name, email, message, consent } = fields;
    expect(name).toHaveValue('');
    expect(email).toHaveValue('');
    expect(message).toHaveValue('');
    expect(consent).not.toBeChecked();
    for (const text of Object.values(MESSAGES)) expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('says a server error clearly and keeps what was typed', async () => {
    api.on('POST', '/contact/', { status: 500, data: { detail: 'A server error occurred.' } });
    const fields = setup();
    await fillValid(fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTACT_TEXT.failed);
    await expectKept(fields);
  });

  it('offline, says it needs a connection, sends nothing and keeps what was typed', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fields = setup();
    await fillValid(fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTACT_TEXT.offline);
    expect(api.calls).toEqual([]);
    await expectKept(fields);
  });

  it('when the request cannot reach the server, says it needs a connection and keeps what was typed', async () => {
    api.on('POST', '/contact/', () => 'network');
    const fields = setup();
    await fillValid(fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This device is offline\. Sending a message needs a connection/);
    await expectKept(fields);
  });

  it("shows the server's field errors under their fields and focuses the first", async () => {
    api.on('POST', '/contact/', { status: 400, data: { email: ['Please provide a valid email address.'] } });
    const fields = setup();
    await fillValid(fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the fields marked below');
    expect(fields.email).toHaveAccessibleDescription(MESSAGES.email);
    expect(fields.email).toHaveFocus();
    await expectKept(fields);
  });

  it('asks a visitor who sent too many to wait, in minutes', async () => {
    api.on('POST', '/contact/', { status: 429, data: { detail: 'Too many attempts. Try again in 1500 seconds.' }, headers: { 'retry-after': '1500' } });
    const fields = setup();
    await fillValid(fields);
    await fields.user.click(fields.submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 25 minutes; what you typed is kept.');
    await expectKept(fields);
  });
});
