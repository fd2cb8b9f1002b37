/** What Tesseract's orientation and script detection (`--psm 0`, its osd model) says of a page. */
export interface OsdReading {
  /** Tesseract's name of the script ("Latin", "Cyrillic", "Han", "Japanese", "Arabic"). */
  script: string;
  /** How far the script stands above the next, as Tesseract weighs it (0 up; below 1 is a guess). */
  confidence: number;
  /** Degrees the page is turned clockwise (0, 90, 180, 270). */
  orientation: number;
  /** How far that turn stands above the next likeliest (0 up; a blotted receipt's wrong turn 0.3-1.5). */
  orientationConfidence: number;
}

/** Tesseract's OSD report (native: stdout of `--psm 0`), or undefined where it found no script. */
export function parseOsd(report: string): OsdReading | undefined {
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(report)?.[1]?.trim();
  const script = field('Script');
  if (!script) return undefined;
  return {
    script,
    confidence: Number(field('Script confidence') ?? 0),
    orientation: Number(field('Orientation in degrees') ?? 0),
    orientationConfidence: Number(field('Orientation confidence') ?? 0),
  };
}
