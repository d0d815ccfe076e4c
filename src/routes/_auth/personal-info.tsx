import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useAccount } from '../../app/data/data'
import { EmailDialog } from '../../components/account/EmailDialog'
import { EmailStatus } from '../../components/account/EmailStatus'
import { screenTitles } from '../../components/screenTitles'
import { Button } from '../../components/ui/Button'
import { EmptyValue } from '../../components/ui/EmptyValue'
import { Page } from '../../components/ui/Page'
import { LoadingBlock } from '../../components/ui/Spinner'

export const Route = createFileRoute('/_auth/personal-info')({ component: PersonalInfoScreen })

interface RowProps {
  label: ReactNode
  value: string | null
  action?: ReactNode
  /** Below the value: what the value's state is (the email's confirmation). */
  status?: ReactNode
}

function Row({ label, value, action, status }: RowProps) {
  return (
    <div className="border-b border-muted/30 py-3 last:border-b-0 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center justify-between gap-3 break-words sm:col-span-2 sm:mt-0">
        <span className="min-w-0 break-words">{value ? value : <EmptyValue />}</span>
        {action}
        {status}
      </dd>
    </div>
  )
}

/**
 * The user's name, username (only for users with a password), phone and email; missing values are marked. The
 * email, which recovers a password, can be set or changed here, with whether it is confirmed by its mailed link.
 */
function PersonalInfoScreen() {
  const { t } = useLingui()
  const account = useAccount()
  const [editingEmail, setEditingEmail] = useState(false)
  return (
    <Page title={t(screenTitles.personalInfo)}>
      {account ? (
        <>
          <dl className="rounded-xl bg-surface px-4 shadow-sm">
            <Row label={<Trans id="personal_info.name">Name</Trans>} value={account.name} />
            {account.hasPassword ? (
              <Row label={<Trans id="personal_info.username">Username</Trans>} value={account.userName} />
            ) : null}
            <Row label={<Trans id="personal_info.phone">Phone</Trans>} value={account.phone} />
            <Row
              label={<Trans id="personal_info.email">Email</Trans>}
              value={account.email}
              status={<EmailStatus account={account} />}
              action={
                <Button variant="secondary" onClick={() => setEditingEmail(true)}>
                  {account.email ? (
                    <Trans id="personal_info.change_email">Change email</Trans>
                  ) : (
                    <Trans id="personal_info.add_email">Add email</Trans>
                  )}
                </Button>
              }
            />
          </dl>
          <EmailDialog open={editingEmail} onOpenChange={setEditingEmail} email={account.email} />
        </>
      ) : (
        <LoadingBlock />
      )}
    </Page>
  )
}
