import path from 'node:path';
import { getImageProps } from 'next/image';
import sharp from 'sharp';
import hero from '@/public/images/home/hero.jpg';

// Phones up to 480 CSS px wide at up to 2 device pixels per CSS pixel: the photograph comes inside
// the HTML (the same 750-pixel AVIF that the image optimizer would serve, ~4 KB), so the largest
// paint needs no request competing with the scripts on a slow connection. Larger screens, and
// browsers without AVIF, keep the optimizer's responsive image.
const PHONE_MEDIA = '(max-width: 480px) and (max-resolution: 2dppx)';
const PHONE_WIDTH = 750;

let phoneSource: Promise<string> | undefined;
/** The optimizer's own transform (next/dist/server/image-optimizer): quality 75 → AVIF 47, effort 3. */
function phoneDataUrl() {
  phoneSource ??= sharp(path.join(process.cwd(), 'public', 'images', 'home', 'hero.jpg'))
    .rotate()
    .resize(PHONE_WIDTH)
    .avif({ quality: Math.round(75 * (50 / 80)), effort: 3 })
    .toBuffer()
    .then((avif) => `data:image/avif;base64,${avif.toString('base64')}`);
  return phoneSource;
}

/** The home hero's decorative photograph, behind the text at 40 % opacity. */
export async function HeroImage({ alt }: { alt: string }) {
  const { props } = getImageProps({
    src: hero,
    alt,
    fill: true,
    loading: 'eager',
    fetchPriority: 'high',
    sizes: '100vw',
    className: '-z-10 object-cover opacity-40',
  });
  return (
    <picture>
      <source media={PHONE_MEDIA} type="image/avif" sizes="100vw" srcSet={`${await phoneDataUrl()} ${PHONE_WIDTH}w`} />
      <img {...props} alt={alt} />
    </picture>
  );
}
