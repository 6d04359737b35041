/** An icon's SVG shapes (from lucide-react, see scripts/generate-icons.mjs) and its CSS classes. */
export interface IconData {
  classes: string;
  node: [tag: string, attributes: Record<string, string>][];
}
