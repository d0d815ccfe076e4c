import { useLingui } from '@lingui/react/macro'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useNotices } from '../../app/session/notices'
import { noticeTones } from '../ui/classes'
import { CloseIcon } from '../ui/icons'

/**
 * The current notice at the top of the bottom dock, with its action and a close button. The queue and its
 * 20 s timeout live in the platform's notice machine; the live regions stay mounted so each notice is read.
 *
 * A notice whose action opens the screen on view is dropped there: the screen shows its news itself (a trip's
 * drop-off, on that trip's detail: its tracking panel says it and its review button comes), and on a phone the
 * notice lay over that very button.
 */
export function NoticeSnackbar() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { current, dismiss } = useNotices()
  const here = useRouterState({ select: (state) => state.location.pathname })
  const onView = current?.action !== undefined && current.action.to === here
  useEffect(() => {
    if (onView) dismiss()
  }, [onView, dismiss])
  const notice =
    current && !onView ? (
      <div
        key={current.id}
        // News of the moment: never in the next launch's start snapshot.
        data-snapshot="omit"
        className={`animate-portal-fade-in pointer-events-auto mb-2 flex w-full max-w-dialog items-center gap-2 rounded-xl py-2 pr-2 pl-4 shadow-xl ${noticeTones[current.severity]}`}
      >
        <p className="flex-1">{current.message}</p>
        {current.action ? (
          <button
            type="button"
            className="min-h-comfortable rounded-lg px-3 font-bold underline underline-offset-2 hover:bg-white/15"
            onClick={() => {
              const action = current.action
              dismiss()
              if (action?.onSelect) action.onSelect()
              else if (action) void navigate({ to: action.to })
            }}
          >
            {current.action.label}
          </button>
        ) : null}
        <button
          type="button"
          onClick={dismiss}
          aria-label={t({ id: 'common.close', message: 'Close' })}
          className="inline-flex min-h-comfortable min-w-comfortable items-center justify-center rounded-lg hover:bg-white/15"
        >
          <CloseIcon />
        </button>
      </div>
    ) : null
  // An error (a change the server refused) is said at once, as the trip's own alert says it; other news waits
  // for the screen reader to finish. Politeness cannot change with the text, so each has its own region. Their
  // `aria-live` is explicit: an open dialog hides the rest of the page from screen readers but for it.
  const urgent = current?.severity === 'error'
  return (
    <div className="flex flex-col items-center px-4">
      <div role="status" aria-live="polite" className="flex w-full justify-center">
        {urgent ? null : notice}
      </div>
      <div role="alert" aria-live="assertive" className="flex w-full justify-center">
        {urgent ? notice : null}
      </div>
    </div>
  )
}
