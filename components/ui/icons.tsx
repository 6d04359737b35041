import type { SVGProps } from 'react';
import * as data from './icon-data.generated';
import { drawShapes, LUCIDE_STROKE, type IconData } from './icon-types';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

/**
 * lucide-react's icons drawn on the server, with the same SVG markup: lucide-react's own components
 * are client components, which would ship lucide's runtime and each icon's shapes to the browser.
 * Client components that need an icon receive it rendered, as a prop.
 */
function icon({ classes, node }: IconData) {
  function Icon({ className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        {...LUCIDE_STROKE}
        className={`lucide ${classes}${className ? ` ${className}` : ''}`}
        {...props}
      >
        {drawShapes({ classes, node })}
      </svg>
    );
  }
  return Icon;
}

export const ArrowLeft = icon(data.ArrowLeft);
export const ArrowRight = icon(data.ArrowRight);
export const Briefcase = icon(data.Briefcase);
export const CalendarDays = icon(data.CalendarDays);
export const Check = icon(data.Check);
export const CheckCircle2 = icon(data.CheckCircle2);
export const ChevronDown = icon(data.ChevronDown);
export const ChevronLeft = icon(data.ChevronLeft);
export const ChevronRight = icon(data.ChevronRight);
export const ClipboardList = icon(data.ClipboardList);
export const Clock = icon(data.Clock);
export const Dog = icon(data.Dog);
export const FileCheck2 = icon(data.FileCheck2);
export const Globe = icon(data.Globe);
export const GraduationCap = icon(data.GraduationCap);
export const HeartPulse = icon(data.HeartPulse);
export const House = icon(data.House);
export const Mail = icon(data.Mail);
export const MapPin = icon(data.MapPin);
export const MapPinned = icon(data.MapPinned);
export const Menu = icon(data.Menu);
export const MessageCircle = icon(data.MessageCircle);
export const Phone = icon(data.Phone);
export const Rss = icon(data.Rss);
export const Search = icon(data.Search);
export const Share2 = icon(data.Share2);
export const ShieldCheck = icon(data.ShieldCheck);
export const Sparkles = icon(data.Sparkles);
export const Star = icon(data.Star);
export const Sun = icon(data.Sun);
export const X = icon(data.X);
