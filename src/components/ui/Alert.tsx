import { useRef, type ReactNode } from 'react'

import { alertTones, type Severity } from './classes'
import { useAnnouncedText } from './useAnnouncedText'

export type AlertSeverity = Severity

export interface AlertProps {
  severity: AlertSeverity
  title?: ReactNode
  children?: ReactNode
  /** Announce when it appears (errors and results of an action); a static hint should not interrupt. */
  live?: boolean
  className?: string
}

/**
 * A coloured box with an optional title. A live error is an alert, which a screen reader reads as it appears.
 * Any other live one says its text through the app's announcer when it appears and when its text changes: as a
 * status of its own it would be a region made with its text, which says nothing.
 */
export function Alert({ severity, title, children, live = false, className = '' }: AlertProps) {
  const urgent = live && severity === 'error'
  const box = useRef<HTMLDivElement>(null)
  useAnnouncedText(box, live && !urgent)
  return (
    // A new box when it turns into an alert, or stops being one: an alert is read as it appears, not as its
    // role changes on a box already there.
    <div
      key={urgent ? 'alert' : 'box'}
      ref={box}
      role={urgent ? 'alert' : undefined}
      className={`rounded-lg border-l-4 px-4 py-3 ${alertTones[severity]} ${className}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
    </div>
  )
}
