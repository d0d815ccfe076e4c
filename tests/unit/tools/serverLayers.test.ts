import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The server's floors (eslint.layers.js `serverFloors`) as the gate's lint applies them. */
const eslint = new ESLint({ cwd: process.cwd() })

async function refusals(filePath: string, imports: string[]): Promise<string[]> {
  const code = `${imports.map((path) => `import '${path}'`).join('\n')}\nexport const probe = 1\n`
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => code.split('\n')[message.line - 1]!)
}

describe('the server layers (eslint.layers.js)', { timeout: 60_000 }, () => {
  it('keep the database from importing a feature or anything above it', async () => {
    const lines = [
      '../trips/cancel',
      '../plugins/errors',
      '../routes/api',
      '../domain/tripView',
      '../time/clock',
    ]
    expect(await refusals('server/db/probe.ts', lines)).toEqual([
      "import '../trips/cancel'",
      "import '../plugins/errors'",
      "import '../routes/api'",
    ])
  })

  it('refuse a feature importing another, and both ways of a pair', async () => {
    expect(
      await refusals('server/trips/probe.ts', ['../messages/userMessages', '../outbox/enqueue']),
    ).toEqual(["import '../messages/userMessages'"])
    expect(await refusals('server/messages/probe.ts', ['../trips/cancel'])).toEqual([
      "import '../trips/cancel'",
    ])
  })

  it('keep the demo and the simulator out of production code, but not out of the entry', async () => {
    const demo = ['../demo/seed', '../simulator/simulator']
    expect(await refusals('server/notifications/probe.ts', demo)).toEqual(
      demo.map((path) => `import '${path}'`),
    )
    expect(await refusals('server/routes/probe.ts', demo)).toHaveLength(2)
    expect(
      await refusals('server/probe.ts', ['./demo/seed', './simulator/simulator', './routes/api']),
    ).toEqual([])
  })

  it('refuse an import up a floor or across one, and let one down through', async () => {
    expect(await refusals('server/time/probe.ts', ['../db/schema'])).toEqual(["import '../db/schema'"])
    expect(await refusals('server/outbox/probe.ts', ['../reads/answerCache', '../db/schema'])).toEqual([
      "import '../reads/answerCache'",
    ])
    expect(
      await refusals('server/routes/probe.ts', ['../trips/cancel', '../auth/sessions', '../db/schema']),
    ).toEqual([])
  })
})
