import { useLingui } from '@lingui/react/macro'

/** A turning ring with a spoken label; `size` in pixels. */
export function Spinner({ label, size = 32 }: { label?: string; size?: number }) {
  const { t } = useLingui()
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="animate-portal-spin text-action"
      >
        <circle
          cx="12"
          cy="12"
          r="10"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.25"
          strokeWidth="3"
        />
        <path
          d="M12 2a10 10 0 0 1 10 10"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label ?? t({ id: 'common.loading', message: 'Loading' })}</span>
    </span>
  )
}

/** A spinner centred in the page area while data loads. */
export function LoadingBlock({ label }: { label?: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner label={label} size={40} />
    </div>
  )
}
