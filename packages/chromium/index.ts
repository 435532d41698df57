/**
 * Chromium as every browser run of the project launches it: the end-to-end suite, the web benchmark, the server's
 * widget test and the dapp's screenshot scripts.
 */

/** Debian's Chromium unless PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH (Playwright's own variable) or CHROMIUM_PATH names another. */
export const CHROMIUM_PATH =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH || process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/**
 * `--no-sandbox`: the machines run the suites as root, where Chromium's sandbox refuses to start. The next four keep
 * it off the network it would otherwise keep calling (updates, sync, first-run pages): the runs are loopback only.
 * `--disable-dev-shm-usage`: containers give /dev/shm 64 MB, too little for a page with the dapp's canvases.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];
