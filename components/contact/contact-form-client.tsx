'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { readStoredSession } from '@/components/chat/storage';
import { dismissToasts, toast } from '@/components/ui/toast';
import { validateContact, type ContactField } from './validate';

export interface ContactFormTexts {
  title: string;
  name: string;
  email: string;
  phone: string;
  optional: string;
  message: string;
  honeypot: string;
  send: string;
  sending: string;
  errors: Record<'required' | 'email' | 'name' | 'message' | 'phone' | 'consent', string>;
  toast: Record<'successTitle' | 'success' | 'errorTitle' | 'error' | 'rateLimited' | 'invalid', string>;
  /** What stays on screen once the message is received. */
  sent: Record<'title' | 'text' | 'again', string>;
}

const FIELD = 'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2.5 text-base text-slate-900 focus:border-ocean-700 aria-invalid:border-red-700';
const LABEL = 'block text-sm font-semibold text-slate-800';

/** Posts to /api/leads as a plain form without JavaScript; with it, validates and stays on the page. */
export function ContactFormClient({ locale, texts, consent }: { locale: string; texts: ContactFormTexts; consent: ReactNode }) {
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const found = validateContact(values, texts.errors);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSending(true);
    try {
      const chatSession = readStoredSession();
      const response = await fetch('/api/leads', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...values, consent: true, locale, chatSession: chatSession ? { id: chatSession.id, token: chatSession.token } : undefined }),
      });
      if (response.status === 201) {
        form.reset();
        dismissToasts();
        setSent(true);
      } else if (response.status === 400) {
        const { fields = {} } = (await response.json()) as { fields?: Record<string, 'required' | 'invalid'> };
        const invalid: Record<ContactField, string> = {
          name: texts.errors.name,
          email: texts.errors.email,
          phone: texts.errors.phone,
          message: texts.errors.message,
          consent: texts.errors.consent,
        };
        setErrors(
          Object.fromEntries(
            Object.entries(fields)
              .filter(([key]) => key in invalid)
              .map(([key, code]) => [key, code === 'required' ? texts.errors.required : invalid[key as ContactField]]),
          ),
        );
        toast({ title: texts.toast.errorTitle, description: texts.toast.invalid, variant: 'destructive' });
      } else {
        const description = response.status === 429 ? texts.toast.rateLimited : texts.toast.error;
        toast({ title: texts.toast.errorTitle, description, variant: 'destructive' });
      }
    } catch {
      toast({ title: texts.toast.errorTitle, description: texts.toast.error, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  const describe = (field: ContactField) => (errors[field] ? `contact-${field}-error` : undefined);
  const errorText = (field: ContactField) =>
    errors[field] && (
      <p id={`contact-${field}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]}
      </p>
    );

  if (sent) {
    return (
      <div
        ref={sentRef}
        tabIndex={-1}
        role="status"
        aria-labelledby="contact-sent-title"
        className="rounded-xl border-2 border-ocean-700 bg-ocean-50 p-6 focus:outline-none"
      >
        <h2 id="contact-sent-title" className="text-xl font-semibold text-ocean-900">
          {texts.sent.title}
        </h2>
        <p className="mt-2 text-slate-800">{texts.sent.text}</p>
        <button
          type="button"
          onClick={() => setSent(false)}
          className="mt-6 inline-flex min-h-12 items-center rounded-lg px-6 font-semibold text-ocean-800 ring-1 ring-ocean-700 hover:bg-white"
        >
          {texts.sent.again}
        </button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      id="contact-form"
      method="post"
      action="/api/leads"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
      className="rounded-xl border border-slate-200 p-6 shadow-sm"
    >
      <h2 id="contact-form-title" className="text-xl font-semibold text-ocean-900">
        {texts.title}
      </h2>
      <input type="hidden" name="locale" value={locale} />
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className={LABEL}>
            {texts.name}
          </label>
          <input
            id="contact-name"
            name="name"
            type="text"
            autoComplete="name"
            required
            minLength={2}
            maxLength={120}
            aria-invalid={!!errors.name || undefined}
            aria-describedby={describe('name')}
            className={FIELD}
          />
          {errorText('name')}
        </div>
        <div>
          <label htmlFor="contact-email" className={LABEL}>
            {texts.email}
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            aria-invalid={!!errors.email || undefined}
            aria-describedby={describe('email')}
            className={FIELD}
          />
          {errorText('email')}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contact-phone" className={LABEL}>
            {texts.phone} <span className="font-normal text-slate-600">{texts.optional}</span>
          </label>
          <input
            id="contact-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            aria-invalid={!!errors.phone || undefined}
            aria-describedby={describe('phone')}
            className={FIELD}
          />
          {errorText('phone')}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="contact-message" className={LABEL}>
            {texts.message}
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={5}
            required
            minLength={10}
            maxLength={5000}
            aria-invalid={!!errors.message || undefined}
            aria-describedby={describe('message')}
            className={FIELD}
          />
          {errorText('message')}
        </div>
        {/* Honeypot: hidden from people and assistive technology, filled by bots. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">{texts.honeypot}</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <div className="sm:col-span-2">
          <div className="flex items-start gap-3">
            <input
              id="contact-consent"
              name="consent"
              type="checkbox"
              value="on"
              required
              aria-invalid={!!errors.consent || undefined}
              aria-describedby={describe('consent')}
              className="mt-1 size-5 accent-ocean-700"
            />
            <label htmlFor="contact-consent" className="text-sm text-slate-800">
              {consent}
            </label>
          </div>
          {errorText('consent')}
        </div>
      </div>
      <button
        type="submit"
        disabled={sending}
        className="mt-6 inline-flex min-h-12 items-center rounded-lg bg-coral-600 px-6 font-semibold text-white hover:bg-coral-700 disabled:cursor-wait disabled:opacity-70"
      >
        {sending ? texts.sending : texts.send}
      </button>
    </form>
  );
}
