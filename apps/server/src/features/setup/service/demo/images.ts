import sharp from "sharp";

/**
 * Pictures for the demo, drawn at start from SVG we write here and rasterised to PNG by sharp
 * (already the server's image library), so no binary ships in the repository and every image
 * says what it is. Text uses the system's sans-serif font.
 */

export interface DesignArt {
  title: string;
  subtitle: string;
  /** background, accent, ink */
  palette: [string, string, string];
  /** which composition: the versions of one design share it and differ in details */
  layout: "logo" | "poster" | "screen" | "pattern";
  version?: number;
}

const WIDTH = 1200;
const HEIGHT = 800;

export function designPng(art: DesignArt): Promise<Buffer> {
  const [bg, accent, ink] = art.palette;
  const version = art.version ?? 1;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${bg}"/>
${composition(art.layout, accent, ink, version)}
<text x="80" y="${HEIGHT - 130}" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="${ink}">${escapeXml(art.title)}</text>
<text x="80" y="${HEIGHT - 70}" font-family="DejaVu Sans, sans-serif" font-size="30" fill="${ink}" fill-opacity="0.75">${escapeXml(art.subtitle)} · v${version}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

function composition(layout: DesignArt["layout"], accent: string, ink: string, version: number): string {
  switch (layout) {
    case "logo":
      return `<circle cx="600" cy="260" r="${150 + version * 10}" fill="${accent}"/>
<rect x="${520 - version * 8}" y="180" width="160" height="160" rx="${version > 1 ? 40 : 8}" fill="${ink}" transform="rotate(${version * 15} 600 260)"/>`;
    case "poster":
      return `<rect x="80" y="80" width="1040" height="420" rx="24" fill="${accent}"/>
<circle cx="${900 - version * 40}" cy="290" r="140" fill="${ink}" fill-opacity="0.85"/>
<polygon points="160,460 360,140 560,460" fill="${ink}" fill-opacity="0.4"/>`;
    case "screen":
      return `<rect x="80" y="70" width="1040" height="70" rx="12" fill="${accent}"/>
<rect x="80" y="170" width="320" height="360" rx="16" fill="${ink}" fill-opacity="0.15"/>
<rect x="440" y="170" width="680" height="160" rx="16" fill="${accent}" fill-opacity="0.6"/>
<rect x="440" y="360" width="320" height="170" rx="16" fill="${ink}" fill-opacity="0.25"/>
<rect x="800" y="360" width="320" height="170" rx="16" fill="${ink}" fill-opacity="0.25"/>`;
    case "pattern":
      return Array.from({ length: 12 }, (_, i) => {
        const x = 100 + (i % 6) * 180;
        const y = 120 + Math.floor(i / 6) * 200;
        return i % 2 === 0
          ? `<circle cx="${x + 60}" cy="${y + 60}" r="60" fill="${accent}"/>`
          : `<rect x="${x}" y="${y}" width="120" height="120" rx="20" fill="${ink}" fill-opacity="0.5"/>`;
      }).join("\n");
  }
}

/** A round-friendly avatar: the person's initials on their colour. */
export function avatarPng(initials: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<rect width="240" height="240" fill="${colour}"/>
<circle cx="190" cy="50" r="70" fill="#ffffff" fill-opacity="0.15"/>
<text x="120" y="148" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="92" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
