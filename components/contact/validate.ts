export type ContactField = 'name' | 'email' | 'phone' | 'message' | 'consent';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+()0-9 .-]*$/;

/** The browser-side mirror of lib/leads/schema.ts, so errors show before anything is sent. */
export function validateContact(
  values: Record<string, string | undefined>,
  messages: Record<'required' | 'email' | 'name' | 'message' | 'phone' | 'consent', string>,
): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  const name = values.name?.trim() ?? '';
  const email = values.email?.trim() ?? '';
  const message = values.message?.trim() ?? '';
  if (!name) errors.name = messages.required;
  else if (name.length < 2) errors.name = messages.name;
  if (!email) errors.email = messages.required;
  else if (!EMAIL.test(email)) errors.email = messages.email;
  if (values.phone && !PHONE.test(values.phone)) errors.phone = messages.phone;
  if (!message) errors.message = messages.required;
  else if (message.length < 10) errors.message = messages.message;
  if (!values.consent) errors.consent = messages.consent;
  return errors;
}
