/** The longest name of a device in the console's list. */
export const MAX_DEVICE_NAME_LENGTH = 60;

const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

/** "Chrome · Android", "Safari · iPhone": the default name of a device, from its User-Agent. */
export function deviceNameFromUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  return [browser, system].filter(Boolean).join(' · ') || 'Appareil';
}

/** A name as stored: one line, trimmed, at most MAX_DEVICE_NAME_LENGTH characters; null when empty. */
export function cleanDeviceName(name: string): string | null {
  const line = name.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
  return line ? [...line].slice(0, MAX_DEVICE_NAME_LENGTH).join('') : null;
}
