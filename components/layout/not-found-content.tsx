import { Link } from '@/components/ui/link';

interface NotFoundContentProps {
  title: string;
  text: string;
  back: string;
  homeHref: string;
}

export function NotFoundContent({ title, text, back, homeHref }: NotFoundContentProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-7xl font-bold text-ocean-700">{title}</h1>
      <p className="mt-4 text-2xl font-semibold text-slate-800">{text}</p>
      <Link href={homeHref} className="mt-8 inline-flex min-h-12 items-center rounded-lg bg-coral-600 px-6 font-semibold text-white hover:bg-coral-700">
        {back}
      </Link>
    </div>
  );
}
