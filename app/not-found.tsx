import type { Metadata } from 'next';
import { NotFoundContent } from '@/components/layout/not-found-content';
import fr from '@/messages/fr.json';
import './globals.css';

export const metadata: Metadata = { title: `404 – ${fr.NotFound.text}`, robots: { index: false } };

// Paths outside the localized site (the proxy sends the rest to /<lang>/page-not-found).
export default function GlobalNotFound() {
  return (
    <html lang="fr">
      <body>
        <main>
          <NotFoundContent title={fr.NotFound.title} text={fr.NotFound.text} back={fr.NotFound.back} homeHref="/fr" />
        </main>
      </body>
    </html>
  );
}
