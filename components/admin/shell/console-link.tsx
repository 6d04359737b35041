import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * A link between console views, never fetched ahead of the click: each view is rendered per
 * request from the database (a list prefetched is read for nothing), and opening a conversation
 * marks it read, which must wait until the operator opens it.
 */
export function ConsoleLink(props: ComponentProps<typeof Link>) {
  return <Link prefetch={false} {...props} />;
}
