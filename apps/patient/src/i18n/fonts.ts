/**
 * The script faces of the languages beyond English, self-hosted (phones in India often lack a
 * good Kannada or Tamil face, and a CDN would see who reads in which language). Each language's
 * faces are their own chunk and woff2 files, fetched only once that language is chosen: English
 * loads no web font at all. The weights are the ones the app's CSS uses (400, 600, 700).
 */
export interface ScriptFont {
  family: string;
  unicodeRange: string;
  files: Record<400 | 600 | 700, string>;
}

type ScriptLanguage = 'hi' | 'kn' | 'ta';

const scriptFonts: Record<ScriptLanguage, () => Promise<{ default: ScriptFont }>> = {
  hi: () => import('./fonts/devanagari'),
  kn: () => import('./fonts/kannada'),
  ta: () => import('./fonts/tamil'),
};

const installed = new Set<ScriptLanguage>();

/**
 * Adds the language's faces to the document (once). The browser downloads a face when text in
 * its range is drawn, and shows the system face until then (display: swap).
 */
export async function installScriptFont(language: ScriptLanguage): Promise<void> {
  // jsdom and very old browsers have no CSS Font Loading API: the system face it is.
  if (installed.has(language) || typeof FontFace === 'undefined' || !('fonts' in document)) return;
  installed.add(language);
  const font = (await scriptFonts[language]()).default;
  for (const [weight, url] of Object.entries(font.files)) {
    document.fonts.add(new FontFace(font.family, `url(${url}) format('woff2')`, { weight, unicodeRange: font.unicodeRange, display: 'swap' }));
  }
}
