'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type ChangeEvent } from 'react';
import type { UploadLabels } from './types';

const RETRIES = 4;
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = { ok: true } | { ok: false; code: string; retryAfter?: number };

/** One PUT of the file's bytes, with the upload's progress; a dropped connection is `network`. */
function send(itemId: number, file: File, onProgress: (ratio: number) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `/api/dossier/items/${itemId}/files?name=${encodeURIComponent(file.name || 'photo.jpg')}`);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve({ ok: true });
      let code = 'unavailable';
      try {
        code = (JSON.parse(request.responseText) as { error?: string }).error ?? code;
      } catch {
        // not JSON: a proxy's page
      }
      resolve({ ok: false, code, retryAfter: Number(request.getResponseHeader('Retry-After')) || undefined });
    };
    request.onerror = () => resolve({ ok: false, code: 'network' });
    request.send(file);
  });
}

/** Photos from the camera or files (several pages at once), each sent with its progress and retried after a dropped connection. */
export function ItemUpload({ itemId, labels }: { itemId: number; labels: UploadLabels }) {
  const router = useRouter();
  const id = useId();
  const [lines, setLines] = useState<Record<string, { text: string; error: boolean }>>({});
  const say = (key: string, text: string, error = false) => setLines((current) => ({ ...current, [key]: { text, error } }));

  const upload = async (file: File, key: string) => {
    const name = file.name || 'photo.jpg';
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await send(itemId, file, (ratio) => say(key, fill(labels.sending, { name, progress: Math.round(ratio * 100) })));
      if (outcome.ok) return say(key, fill(labels.done, { name }));
      const retriable = outcome.code === 'network' || outcome.code === 'busy' || outcome.code === 'scan_unavailable' || outcome.code === 'unavailable';
      if (!retriable || attempt >= RETRIES) {
        return say(key, fill(labels.failed, { name, message: labels.errors[outcome.code] ?? labels.errors.unavailable ?? '' }), true);
      }
      say(key, fill(labels.retrying, { name }));
      await wait(outcome.retryAfter ? Math.min(outcome.retryAfter, 60) * 1000 : 1000 * 2 ** attempt);
    }
  };

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    event.currentTarget.value = '';
    // One after the other: a phone on a weak network sends one page at a time.
    for (const [index, file] of files.entries()) await upload(file, `${Date.now()}-${index}`);
    router.refresh();
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <label
          htmlFor={`${id}-camera`}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800"
        >
          {labels.camera}
        </label>
        <input id={`${id}-camera`} type="file" accept="image/*" capture="environment" className="sr-only" onChange={picked} data-testid={`camera-${itemId}`} />
        <label
          htmlFor={`${id}-files`}
          className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-ocean-700 px-4 font-semibold text-ocean-800 hover:bg-ocean-50"
        >
          {labels.choose}
        </label>
        <input id={`${id}-files`} type="file" accept="image/*,application/pdf" multiple className="sr-only" onChange={picked} data-testid={`files-${itemId}`} />
      </div>
      <ul aria-live="polite" className="space-y-1 text-sm">
        {Object.entries(lines).map(([key, line]) => (
          <li key={key} className={line.error ? 'font-medium text-red-800' : 'text-slate-700'}>
            {line.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
