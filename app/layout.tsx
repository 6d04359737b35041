import type { ReactNode } from 'react';

// The <html> element lives in app/[locale]/layout.tsx (per language) and app/admin/layout.tsx.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
