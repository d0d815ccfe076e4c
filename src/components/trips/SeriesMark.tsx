import { Trans, useLingui } from '@lingui/react/macro'
import type { TripSeries } from '../../contract/series'
import { seriesWords } from '../../domain/series/seriesWords'
import { RepeatIcon } from '../ui/featureIcons'

/** A trip of a standing order: its icon and "Every Tue, Thu until 18.12.2026". Phrasing content. */
export function SeriesMark({ series }: { series: TripSeries }) {
  const { i18n } = useLingui()
  const { days, until } = seriesWords(series, i18n.locale)
  return (
    <span className="flex items-center gap-1 text-muted [&_svg]:size-5 [&_svg]:shrink-0">
      <RepeatIcon />
      <span>
        <Trans id="trips.series_every">
          Every {days} until {until}
        </Trans>
      </span>
    </span>
  )
}
