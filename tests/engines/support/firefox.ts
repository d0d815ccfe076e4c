import puppeteer, { type Browser } from 'puppeteer-core'

/** Debian's Firefox ESR (`apt-get install firefox-esr`), or FIREFOX_PATH. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/**
 * Firefox driven over WebDriver BiDi, which it speaks itself: no geckodriver, and nothing downloaded. The
 * time zone is the tenant's, as in the Chromium suite.
 */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    env: { ...process.env, TZ: 'Europe/Helsinki' },
    extraPrefsFirefox: { 'intl.accept_languages': 'en-US, en' },
  })
}
