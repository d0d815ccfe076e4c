import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import type { Quota, QuotaPeriod } from '../../contract/permissions'
import { useLocale } from '../../app/locale'
import { shellDate } from '../../domain/dateDisplay'
import { covers, periodOn, remainingIn } from '../../domain/permissions/quota'
import { DetailList } from '../trips/TripSection'
import { EmptyValue } from '../ui/EmptyValue'
import { decisionTexts, destinationTexts } from './permissionTexts'

/** The heading level of the details' sections: 2 on the detail page, 3 inside the View dialog's h2. */
export type SectionLevel = 2 | 3

export interface PermissionDetailsProps {
  permission: Quota
  /** Today in the tenant's zone (YYYY-MM-DD): the current period is the one it falls in. */
  today: string
  level: SectionLevel
}

/** A span of dates as D.M.YYYY–D.M.YYYY. */
export function dateSpan(span: { startDate: string; endDate: string }): string {
  return `${shellDate(span.startDate)}–${shellDate(span.endDate)}`
}

/** The decision type in words where it has them, else its code. */
export function useDecisionText(decisionType: string): string {
  const { t } = useLingui()
  const text = decisionTexts[decisionType]
  return text ? t(text) : decisionType
}

/**
 * Everything the passenger's user may want to know of a permission (spec section 3, Quota): the decision, what
 * is left today, where trips may go, via points, extras, the note, and each period's figures. The View dialog
 * and the detail page show the same.
 */
export function PermissionDetails({ permission, today, level }: PermissionDetailsProps) {
  const { t } = useLingui()
  const { locale } = useLocale()
  const decision = useDecisionText(permission.decisionType)
  const current = periodOn(permission.periods, today)
  const left = current ? remainingIn(permission.periods, current) : null
  const expressLeft = left?.remainingExpressQuota ?? 0
  const limit =
    permission.viaPointMaxDeviation === null ? null : formatKm(permission.viaPointMaxDeviation, locale)
  const minutes = permission.expressQuotaTimeLimit ?? 0
  return (
    <div className="flex flex-col gap-4">
      <Section level={level} title={<Trans id="permissions.overview">Permission</Trans>}>
        <DetailList>
          <Item label={<Trans id="permissions.decision">Decision</Trans>}>{decision}</Item>
          <Item label={<Trans id="permissions.valid">Valid</Trans>}>{dateSpan(permission)}</Item>
          <Item label={<Trans id="permissions.remaining">Trips left this period</Trans>}>
            {left ? left.remainingQuota : <Trans id="permissions.no_current_period">No period today</Trans>}
          </Item>
          <Item label={<Trans id="permissions.express">Express trips</Trans>}>
            {permission.expressQuotaTimeLimit === null ? (
              <Trans id="permissions.express_none">None</Trans>
            ) : (
              <>
                {left ? <Trans id="permissions.express_left">{expressLeft} left this period</Trans> : null}{' '}
                <Plural
                  id="permissions.express_limit"
                  value={minutes}
                  one="(a trip departing within # minute of booking)"
                  other="(a trip departing within # minutes of booking)"
                />
              </>
            )}
          </Item>
          <Item label={<Trans id="permissions.destinations">Destinations</Trans>}>
            {t(destinationTexts[permission.tripDestinations])}
          </Item>
          {permission.placeGroups.length > 0 ? (
            <Item label={<Trans id="permissions.place_groups">Place groups</Trans>}>
              {permission.placeGroups.map((group) => group.name).join(', ')}
            </Item>
          ) : null}
          {permission.allowedArea ? (
            <Item label={<Trans id="permissions.area">Area</Trans>}>
              <Trans id="permissions.area_limited">Trips must stay inside the permitted area</Trans>
            </Item>
          ) : null}
          <Item label={<Trans id="permissions.via_points">Via points</Trans>}>
            {!permission.allowViaPoints ? (
              <Trans id="permissions.via_points_not_allowed">Not allowed</Trans>
            ) : limit === null ? (
              <Trans id="permissions.via_points_allowed">Allowed</Trans>
            ) : (
              <Trans id="permissions.via_points_max_deviation">
                Allowed, the route at most {limit} km longer
              </Trans>
            )}
          </Item>
          <Item label={<Trans id="permissions.extras">Extras</Trans>}>
            {permission.extras.length > 0 ? (
              <ul>
                {permission.extras.map(({ extraId, name, selected }) => (
                  <li key={extraId}>
                    {selected ? (
                      <Trans id="permissions.extra_preselected">{name} (chosen by default)</Trans>
                    ) : (
                      name
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </Item>
          <Item label={<Trans id="permissions.note">Note</Trans>}>{permission.note || null}</Item>
        </DetailList>
      </Section>
      <Section level={level} title={<Trans id="permissions.periods">Periods</Trans>}>
        {permission.periods.length === 0 ? (
          <EmptyValue />
        ) : (
          <ul className="flex flex-col gap-3">
            {permission.periods.map((period) => (
              <PeriodItem
                key={period.startDate}
                period={period}
                periods={permission.periods}
                current={covers(period, today)}
                express={permission.expressQuotaTimeLimit !== null}
                level={level}
              />
            ))}
          </ul>
        )}
      </Section>
    </div>
  )
}

/** Metres as kilometres with at most one decimal, in the locale's numbers (1.5 in English, 1,5 in Finnish). */
function formatKm(metres: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(metres / 1000)
}

function PeriodItem(props: {
  period: QuotaPeriod
  periods: readonly QuotaPeriod[]
  current: boolean
  express: boolean
  level: SectionLevel
}) {
  const { period, current, express } = props
  const { usedExpressQuota: used, totalExpressQuota: total } = period
  const span = dateSpan(period)
  const left = remainingIn(props.periods, period)
  const Heading = props.level === 2 ? 'h3' : 'h4'
  return (
    <li className={`rounded-lg border-2 p-3 ${current ? 'border-action' : 'border-muted/40'}`}>
      <Heading className="font-semibold">
        {current ? <Trans id="permissions.current_period">{span} (current period)</Trans> : span}
      </Heading>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
        <Figure label={<Trans id="permissions.total">Trips</Trans>} value={period.totalQuota} />
        <Figure label={<Trans id="permissions.used">Used</Trans>} value={period.usedQuota} />
        <Figure label={<Trans id="permissions.left">Left</Trans>} value={left.remainingQuota} />
        <Figure
          label={<Trans id="permissions.saved">Saved to next period</Trans>}
          value={period.savedToNext}
        />
        <Figure
          label={<Trans id="permissions.borrowed">Borrowed from next period</Trans>}
          value={period.borrowed}
        />
        {express ? (
          <Figure
            label={<Trans id="permissions.express_used">Express trips used</Trans>}
            value={
              <Trans id="permissions.used_of_total">
                {used} of {total}
              </Trans>
            }
          />
        ) : null}
      </dl>
    </li>
  )
}

function Figure({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  )
}

function Section({ level, title, children }: { level: SectionLevel; title: ReactNode; children: ReactNode }) {
  const id = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby={id} className={level === 2 ? 'rounded-xl bg-surface p-4' : ''}>
      <Heading id={id} className="mb-3 text-lg font-semibold">
        {title}
      </Heading>
      {children}
    </section>
  )
}

function Item({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="break-words whitespace-pre-line">{children ?? <EmptyValue />}</dd>
    </>
  )
}
