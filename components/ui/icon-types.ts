/** An icon's SVG shapes (from lucide-react, see components/ui/generate-icon-data.mjs) and its CSS classes. */
export interface IconData {
  classes: string;
  node: [tag: string, attributes: Record<string, string>][];
}
