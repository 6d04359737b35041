'use client';

import { useState, type FormEvent } from 'react';
import type { AskLabels } from './types';

/** "Recevoir un lien": the dossier's address gets a new single-use link; the answer is the same for any address. */
export function AskLinkForm({ labels }: { labels: AskLabels }) {
  const [state, setState] = useState<'idle' | 'sent' | 'limited' | 'error'>('idle');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const response = await fetch('/api/dossier/link', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    }).catch(() => null);
    setState(response?.ok ? 'sent' : response?.status === 429 ? 'limited' : 'error');
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-xl font-semibold text-ocean-900">{labels.title}</h2>
      <p>{labels.text}</p>
      <label className="block font-medium">
        {labels.email}
        <input name="email" type="email" required autoComplete="email" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2" />
      </label>
      <button type="submit" className="min-h-11 rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800">
        {labels.send}
      </button>
      <p role="status" className={state === 'error' || state === 'limited' ? 'text-red-800' : 'text-slate-700'}>
        {state === 'idle' ? '' : state === 'sent' ? labels.sent : state === 'limited' ? labels.limited : labels.error}
      </p>
    </form>
  );
}
