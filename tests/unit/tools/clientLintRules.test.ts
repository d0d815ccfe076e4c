import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The client's own lint rules (eslint.config.js, eslint.layers.js) hold: a component takes its machine's effects
 * from src/app/effects/, and a folder imports only what its row allows.
 */

const eslint = new ESLint({ cwd: process.cwd() })

async function messagesOf(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map(({ ruleId, message }) => ({ ruleId, message }))
}

const inlineProvide = `import { reviewFormMachine } from '../../../machines/review/reviewForm.machine'

export const machine = reviewFormMachine.provide({ actions: { focusField: () => {} } })
`

const effectsRule = (messages: { ruleId: string | null; message: string }[]) =>
  messages.filter(
    (message) => message.ruleId === 'no-restricted-syntax' && message.message.includes('src/app/effects/'),
  )

describe('client lint rules', { timeout: 30_000 }, () => {
  it('refuses an inline .provide() in a component', async () => {
    const messages = await messagesOf(inlineProvide, 'src/components/trips/Inline.tsx')
    expect(effectsRule(messages)).toHaveLength(1)
  })

  it('refuses one in a route too', async () => {
    const code = inlineProvide.replace('../../../machines', '../../machines')
    expect(effectsRule(await messagesOf(code, 'src/routes/inline.ts'))).toHaveLength(1)
  })

  it('lets src/app/effects/ provide a machine', async () => {
    const messages = await messagesOf(inlineProvide, 'src/app/effects/x.ts')
    expect(messages.filter((message) => message.ruleId === 'no-restricted-syntax')).toEqual([])
  })

  it('still refuses a layer crossing: src/domain importing a component', async () => {
    const code = `import { Button } from '../components/ui/Button'\n\nexport const button = Button\n`
    const messages = await messagesOf(code, 'src/domain/x.ts')
    const refused = messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    expect(refused).toHaveLength(1)
    expect(refused[0]!.message).toContain('src/domain/ may import only')
  })
})
