// What a person sees: open a role file with a mistake in the workbench, wait for the squiggle and the
// Problems entry, hover a field, and save a screenshot as a test artifact (test/artifacts/, gitignored).
import { join } from 'node:path';

const FILE = 'ui.role.yaml';

/**
 * Runs the check in a new page of `browser`; never throws, reports `{ ok, detail, screenshot }`. Each
 * wait's budget is 30 s on a quiet machine times `timeScale` (run-integration.mjs measures it).
 */
export async function runUiCheck(browser, url, workspace, artifacts, timeScale = 1) {
  const TIMEOUT = Math.round(30_000 * timeScale);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const screenshot = join(artifacts, 'extension-ui.png');
  const steps = [];
  try {
    await page.goto(`${url}/?folder=${encodeURIComponent(workspace)}`);
    const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: FILE }).first();
    await row.waitFor({ timeout: TIMEOUT });
    await row.click();
    steps.push('opened');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: TIMEOUT });
    steps.push('squiggle');
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Shift+M');
    await page
      .locator('.markers-panel .monaco-list-row', { hasText: 'DURATION_BAD_UNIT' })
      .first()
      .waitFor({ timeout: TIMEOUT });
    steps.push('problems entry');
    const key = page.locator('.monaco-editor .view-line span', { hasText: /^role_arns$/ }).first();
    await key.hover();
    const hover = page.locator('.monaco-hover', { hasText: 'assumed_role' }).first();
    await hover.waitFor({ state: 'visible', timeout: TIMEOUT });
    // The hover fades in; wait for the animation to end so the screenshot shows it crisp.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      timeout: TIMEOUT,
    });
    steps.push('hover');
    await page.screenshot({ path: screenshot });
    return { ok: true, detail: `${steps.join(', ')}; screenshot ${screenshot}`, screenshot };
  } catch (error) {
    await page.screenshot({ path: screenshot }).catch(() => {});
    return {
      ok: false,
      detail: `after [${steps.join(', ')}]: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
      screenshot,
    };
  } finally {
    await page.close().catch(() => {});
  }
}
