import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * The site's internal link: next/link without prefetching on entering the viewport (a phone would
 * otherwise fetch every visible link's page right after loading). `PrefetchOnIntent` prefetches a
 * link once the visitor points at, touches or focuses it.
 */
export function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
