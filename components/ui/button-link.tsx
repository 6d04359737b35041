import { Link } from '@/components/ui/link';
import type { ComponentProps } from 'react';

const VARIANTS = {
  primary: 'bg-coral-600 text-white hover:bg-coral-700',
  secondary: 'bg-white text-ocean-800 ring-1 ring-ocean-700 hover:bg-ocean-50',
  inverse: 'bg-white text-ocean-900 hover:bg-ocean-50',
} as const;

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: keyof typeof VARIANTS };

export function ButtonLink({ variant = 'primary', className = '', ...props }: ButtonLinkProps) {
  return (
    <Link
      {...props}
      className={`inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-5 text-base font-semibold ${VARIANTS[variant]} ${className}`}
    />
  );
}
