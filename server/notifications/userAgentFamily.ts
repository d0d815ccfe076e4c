import type { userAgentFamilies } from '../../src/contract/notifications'

export type UserAgentFamily = (typeof userAgentFamilies)[number]

/**
 * The browser's family from its User-Agent, only to tell a user's devices apart in the list: order matters, as
 * Edge and Samsung Internet also say Chrome and Safari, and Chrome on iOS says Safari.
 */
export function userAgentFamilyOf(userAgent: string | undefined): UserAgentFamily {
  const ua = userAgent ?? ''
  if (/\bEdg(?:e|A|iOS)?\//.test(ua)) return 'edge'
  if (/\bSamsungBrowser\//.test(ua)) return 'samsung'
  if (/\b(?:Firefox|FxiOS)\//.test(ua)) return 'firefox'
  if (/\b(?:Chrome|Chromium|CriOS)\//.test(ua)) return 'chrome'
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return 'safari'
  return 'other'
}
