import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAuth } from '../../app/session/auth'
import { useAccount } from '../../app/data/data'
import { screenTitles } from '../screenTitles'
import { DropdownMenu } from '../ui/DropdownMenu'
import { UserIcon } from '../ui/featureIcons'
import { passwordTitle } from './menuItems'

/** The signed-in user's menu in the top bar: personal info, notifications, create or change password, logout. */
export function AccountMenu() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { logout } = useAuth()
  const account = useAccount()
  return (
    <DropdownMenu
      label={t({ id: 'shell.account_menu', message: 'Account' })}
      trigger={<UserIcon />}
      triggerClassName="text-on-primary hover:bg-white/15"
      items={[
        {
          key: 'personal-info',
          label: t(screenTitles.personalInfo),
          onSelect: () => void navigate({ to: '/personal-info' }),
        },
        {
          key: 'notifications',
          label: t(screenTitles.notifications),
          onSelect: () => void navigate({ to: '/notifications' }),
        },
        {
          key: 'password',
          label: t(passwordTitle(account?.hasPassword)),
          onSelect: () => void navigate({ to: '/password' }),
        },
        { key: 'logout', label: t(screenTitles.logout), onSelect: logout },
      ]}
    />
  )
}
