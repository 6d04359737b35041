'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import type { Answers, VisaEmailTexts } from './types';

interface VisaEmailFormProps {
  answers: Answers;
  /** More fields for the request, e.g. a plan's arrival date. */
  extra?: Record<string, string>;
  locale: string;
  texts: VisaEmailTexts;
  consent: ReactNode;
}

/** Why the server refused, in the visitor's language: the error code picks the text. */
async function refusalText(response: Response, texts: VisaEmailTexts): Promise<string> {
  if (response.status === 400) return texts.invalid;
  if (response.status !== 429) return texts.error;
  const { error } = (await response.json().catch(() => ({}))) as { error?: string };
  if (error === 'email_recipient_limit') return texts.limitRecipient;
  if (error === 'email_site_budget') return texts.limitSite;
  return texts.rateLimited;
}

/** Sends the result to the visitor, who becomes a lead the agency can follow up. */
export function VisaEmailForm({ answers, extra, locale, texts, consent }: VisaEmailFormProps) {
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setSending(true);
    try {
      const response = await fetch('/api/visa-check/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          ...Object.fromEntries(Object.entries(answers).filter(([, value]) => value)),
          ...extra,
          locale,
          email: data.get('email'),
          consent: data.get('consent') === 'on',
        }),
      });
      if (response.status === 201) {
        const { emailed } = (await response.json()) as { emailed: boolean };
        toast(emailed ? { title: texts.successTitle, description: texts.success } : { title: texts.savedTitle, description: texts.saved });
        form.reset();
      } else {
        toast({ title: texts.errorTitle, description: await refusalText(response, texts), variant: 'destructive' });
      }
    } catch {
      toast({ title: texts.errorTitle, description: texts.error, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="visa-email-title" className="mt-6 rounded-lg bg-sand-50 p-4">
      <h3 id="visa-email-title" className="font-semibold text-ocean-900">
        {texts.title}
      </h3>
      <label htmlFor="visa-email" className="mt-3 block text-sm font-semibold text-slate-800">
        {texts.label}
      </label>
      <input
        id="visa-email"
        name="email"
        type="email"
        required
        autoComplete="email"
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base"
      />
      <div className="mt-3 flex items-start gap-3">
        <input id="visa-email-consent" name="consent" type="checkbox" required className="mt-1 size-5 accent-ocean-700" />
        <label htmlFor="visa-email-consent" className="text-sm text-slate-800">
          {consent}
        </label>
      </div>
      <button
        type="submit"
        disabled={sending}
        className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-ocean-700 px-5 font-semibold text-white hover:bg-ocean-800 disabled:opacity-70"
      >
        {sending ? texts.sending : texts.send}
      </button>
    </form>
  );
}
