import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * The pathless layout of the screens that need a session. Anonymous users go home with the full path as the
 * redirect query, which the login then returns to. Offline with a remembered user counts as signed in, so
 * local data stays readable.
 */
export const Route = createFileRoute('/_auth')({
  beforeLoad: ({ context, location }) => {
    if (context.auth.status() === 'anonymous') {
      throw redirect({ to: '/', search: { redirect: location.href } })
    }
  },
})
