import { ButtonLink } from './button-link';

interface CallToActionProps {
  title: string;
  text: string;
  button: string;
  href: string;
}

export function CallToAction({ title, text, button, href }: CallToActionProps) {
  return (
    <section aria-labelledby="cta-title" className="mx-auto mt-16 max-w-6xl px-4">
      <div className="rounded-2xl bg-ocean-800 px-6 py-12 text-center text-white sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-ocean-50">{text}</p>
        <ButtonLink href={href} variant="inverse" className="mt-8">
          {button}
        </ButtonLink>
      </div>
    </section>
  );
}
