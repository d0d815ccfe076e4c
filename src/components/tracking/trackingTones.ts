import type { PanelTone } from '../../domain/tracking/panelStatus'

/**
 * The tracking panel's colours: fixed tints with dark text, like the alerts and chips, so they read the same
 * in every tenant theme, light or dark. Text on the tint is well over 4.5:1, and the bar stands out at 3:1 or
 * more from both the tint and its white track (tests/unit/components/trackingPanel.test.tsx).
 */
export const trackingTones: Record<
  PanelTone,
  { background: string; text: string; bar: string; track: string }
> = {
  orange: { background: '#ffe8d1', text: '#5c2600', bar: '#b54708', track: '#ffffff' },
  green: { background: '#dcf2de', text: '#14502a', bar: '#2e7d32', track: '#ffffff' },
  red: { background: '#fde2df', text: '#7f1a15', bar: '#b3261e', track: '#ffffff' },
  neutral: { background: '#e6e9ef', text: '#232a38', bar: '#5b6477', track: '#ffffff' },
}
