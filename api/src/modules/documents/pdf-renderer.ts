import { existsSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { serviceUnavailable } from '../../http/errors';

/** Chromium on a server: no sandbox (it runs as the service's user), no GPU, no calls home. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const PDF_MESSAGES = {
  noChromium: 'PDF documents need Chromium on the server (apt-get install chromium-headless-shell)',
  noWeb: 'PDF documents need the web platform: serve it from the API or set DOCUMENTS_WEB_URL',
  timeout: 'The document could not be rendered in time; try again',
} as const;

/** Runs in the page (as text: the API is not typed for the DOM): its fonts and images are drawn. */
const SHEET_DRAWN = `Promise.all([
  document.fonts.ready,
  ...[...document.images].map((image) =>
    image.complete ? null : new Promise((done) => image.addEventListener('loadend', done, { once: true })),
  ),
])`;

export interface PdfRendererOptions {
  /** The Chromium (or headless shell) binary. */
  chromiumPath: string;
  /** Where the web platform's print views are served, e.g. http://127.0.0.1:3000; none: PDFs are unavailable. */
  webUrl: string | undefined;
  timeoutMs: number;
}

/**
 * Renders the web platform's own print views to PDF in a kept Chromium, so a PDF is the document
 * staff print (its Arabic shaped and joined by the browser, its company block, logo and amount in
 * words) and not a second layout to keep in step (docs/decisions.md, "PDFs are the print views").
 *
 * One browser and one context are kept between documents: the platform's files stay in its cache,
 * and a document after the first takes a fraction of the first's time. Documents render one at a
 * time, each page signed in with the caller's own session, so a PDF shows exactly what its caller
 * may read and localStorage never holds two sessions at once.
 */
export class PdfRenderer {
  private browser?: Promise<Browser>;
  private context?: Promise<BrowserContext>;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PdfRendererOptions) {}

  /** The PDF of the print view at `path` (with its query), as the holder of `token` sees it. */
  render(path: string, token: string): Promise<Buffer> {
    const { webUrl, chromiumPath } = this.options;
    if (!webUrl) throw serviceUnavailable(PDF_MESSAGES.noWeb);
    if (!existsSync(chromiumPath)) throw serviceUnavailable(PDF_MESSAGES.noChromium);
    const turn = this.queue.then(() => this.renderNow(new URL(path, webUrl).href, token));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async renderNow(url: string, token: string): Promise<Buffer> {
    const context = await this.openContext();
    const page = await context.newPage();
    try {
      // The app reads its session from localStorage before anything else runs.
      await page.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(token)})` });
      await page.goto(url, { timeout: this.options.timeoutMs });
      // The sheet says when its record, the company and the customer have loaded.
      await page.locator('[data-print-sheet][data-print-ready]').waitFor({ timeout: this.options.timeoutMs });
      await page.evaluate(SHEET_DRAWN);
      return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw serviceUnavailable(PDF_MESSAGES.timeout);
      throw error;
    } finally {
      await page.evaluate('localStorage.clear()').catch(() => undefined);
      await page.close().catch(() => undefined);
    }
  }

  private openContext(): Promise<BrowserContext> {
    if (!this.context) {
      this.browser = import('playwright-core').then(({ chromium }) =>
        chromium.launch({ executablePath: this.options.chromiumPath, args: CHROMIUM_ARGS }),
      );
      this.context = this.browser.then((browser) => browser.newContext({ reducedMotion: 'reduce' }));
      // A browser that failed to start is tried again by the next document.
      this.context.catch(() => {
        this.browser = undefined;
        this.context = undefined;
      });
    }
    return this.context;
  }

  async close(): Promise<void> {
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    this.context = undefined;
    await browser?.close();
  }
}
