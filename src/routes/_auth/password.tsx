import { useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { useAccount } from '../../app/data/data'
import type { User } from '../../contract/account'
import { passwordFormMode } from '../../domain/passwordForm'
import { PasswordForm } from '../../components/password/PasswordForm'
import { passwordTitle } from '../../components/shell/menuItems'
import { Page } from '../../components/ui/Page'
import { LoadingBlock } from '../../components/ui/Spinner'

export const Route = createFileRoute('/_auth/password')({ component: PasswordScreen })

/** Users with a password change it; users without one create a login with a username (spec section 2). */
function PasswordScreen() {
  const { t } = useLingui()
  const account = useAccount()
  if (!account) {
    return (
      <Page title={t(passwordTitle(undefined))}>
        <LoadingBlock />
      </Page>
    )
  }
  return <PasswordPage account={account} />
}

/** The mode is fixed when the page opens, so that the done state stays after the account gains a password. */
function PasswordPage({ account }: { account: User }) {
  const { t } = useLingui()
  const [mode] = useState(() => passwordFormMode(account))
  return (
    <Page title={t(passwordTitle(mode.kind === 'change'))}>
      <div className="max-w-md rounded-xl bg-surface p-4 shadow-sm sm:p-6">
        <PasswordForm user={account} mode={mode} />
      </div>
    </Page>
  )
}
