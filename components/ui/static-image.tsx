import { getImageProps, type ImageProps } from 'next/image';

/**
 * next/image's optimized, responsive <img> without its client component: the props are
 * computed on the server, so a page with images ships no extra JavaScript.
 */
export function StaticImage(props: ImageProps) {
  const { props: imgProps } = getImageProps(props);
  // eslint-disable-next-line @next/next/no-img-element -- getImageProps already made it optimized and sized.
  return <img {...imgProps} alt={props.alt} />;
}
