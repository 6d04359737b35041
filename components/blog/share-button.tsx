'use client';

import type { ReactNode } from 'react';
import { toast } from '@/components/ui/toast';

interface ShareButtonProps {
  title: string;
  description: string;
  url: string;
  /** Rendered on the server, so no icon code ships to the browser. */
  icon: ReactNode;
  labels: { share: string; copiedTitle: string; copiedDescription: string; failedTitle: string; failedDescription: string };
}

/** Native share sheet where the browser has one; otherwise the URL goes to the clipboard. */
export function ShareButton({ title, description, url, icon, labels }: ShareButtonProps) {
  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: description, url });
      } catch (error) {
        // Cancelling the share sheet rejects too: nothing to tell the visitor.
        console.error('[share]', error);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: labels.copiedTitle, description: labels.copiedDescription });
    } catch (error) {
      console.error('[share]', error);
      toast({ title: labels.failedTitle, description: labels.failedDescription, variant: 'destructive' });
    }
  }

  return (
    <button
      type="button"
      onClick={share}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-ocean-800 ring-1 ring-ocean-700 hover:bg-ocean-50"
    >
      {icon}
      {labels.share}
    </button>
  );
}
