// Debian's Chromium under Lighthouse 12 (13.x needs Node 22), shared by the patient app's
// Lighthouse bench and `npm run bench:budget`: one launch recipe, one way to read a report.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The design's flags (DEVELOPERS.md): no GPU, no QUIC, nothing fetched in the background. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type LaunchedChrome = chromeLauncher.LaunchedChrome;

/** Chromium with a remote-debugging port, for Lighthouse; on `userDataDir` to reuse a profile. */
export function launchChrome(options: { userDataDir?: string } = {}): Promise<LaunchedChrome> {
  return chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, ...(options.userDataDir ? { userDataDir: options.userDataDir } : {}) });
}

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** JavaScript as sent (transfer size), and how many files. */
  scriptBytes: number;
  scriptFiles: number;
}

function numeric(audits: Record<string, { numericValue?: number }>, id: string): number {
  return audits[id]?.numericValue ?? Number.NaN;
}

/** A run Lighthouse itself could not record (NO_NAVSTART on a busy machine): it asks to be run again. */
class LighthouseRuntimeError extends Error {}

/** Runs again, up to three times in all, a run that Lighthouse could not record. */
async function runLighthouseAgainIfUnrecorded(url: string, port: number, options: { desktop?: boolean }): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, port, options);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      console.warn(`${error.message.split('(')[0]!.trim()}; running it again`);
    }
  }
}

/**
 * One Lighthouse performance run of `url` in the Chromium on `port`: the default config is the
 * mobile one (simulated slow 4G, 4x CPU, a 412 px screen); `desktop` is `--preset=desktop`.
 * Lighthouse clears the origin's caches and service workers first but not its localStorage, so a
 * session signed in beforehand in the same Chromium stays signed in.
 */
export async function runLighthouse(url: string, port: number, options: { desktop?: boolean } = {}): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, options.desktop ? desktopConfig : undefined);
  if (!result) throw new Error('Lighthouse returned nothing');
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A page that redirected elsewhere (a session that was not there) would be measured silently.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse: ${url} ended at ${lhr.finalDisplayedUrl}`);
  const audits = lhr.audits as Record<string, { numericValue?: number; details?: unknown }>;
  const requests = ((audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric(audits, 'first-contentful-paint'),
    lcpMs: numeric(audits, 'largest-contentful-paint'),
    tbtMs: numeric(audits, 'total-blocking-time'),
    cls: numeric(audits, 'cumulative-layout-shift'),
    scriptBytes: requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptFiles: requests.length,
  };
}

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One unmeasured run first (the server's first answers warm its caches, as on a live site), then
 * `runs`; `warm: true` skips the first when the same page was just measured another way.
 */
export async function lighthouseRuns(url: string, port: number, runs: number, options: { desktop?: boolean; warm?: boolean } = {}): Promise<LighthouseRun[]> {
  if (!options.warm) await runLighthouseAgainIfUnrecorded(url, port, options);
  const out: LighthouseRun[] = [];
  for (let i = 0; i < runs; i += 1) out.push(await runLighthouseAgainIfUnrecorded(url, port, options));
  return out;
}

/** The median of each figure over several runs. */
export function medianRun(runs: readonly LighthouseRun[]): LighthouseRun {
  const of = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
  return {
    score: of((r) => r.score),
    fcpMs: of((r) => r.fcpMs),
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    scriptBytes: of((r) => r.scriptBytes),
    scriptFiles: of((r) => r.scriptFiles),
  };
}
