import type { ReactNode } from 'react'

import { alertTones, type Severity } from './classes'

export type AlertSeverity = Severity

export interface AlertProps {
  severity: AlertSeverity
  title?: ReactNode
  children?: ReactNode
  /** Announce when it appears (errors and results of an action); a static hint should not interrupt. */
  live?: boolean
  className?: string
}

export function Alert({ severity, title, children, live = false, className = '' }: AlertProps) {
  const role = live ? (severity === 'error' ? 'alert' : 'status') : undefined
  return (
    <div role={role} className={`rounded-lg border-l-4 px-4 py-3 ${alertTones[severity]} ${className}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
    </div>
  )
}
