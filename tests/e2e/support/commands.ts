import type { BrowserContext, Request } from '@playwright/test'
import type { BatchedCommand, CommandBatchRequest } from '../../../src/contract/commandBatch'
import { endpoints } from '../../../src/contract/endpoints'

/** The commands of a batch request (`POST api/command/batch`). */
export function commandsIn(request: Request): BatchedCommand[] {
  return (request.postDataJSON() as CommandBatchRequest).commands
}

/**
 * Tells `seen` the commands of every batch the context sends (its pages', workers' and service worker's), as
 * they leave. Through a route: a worker's request event carries no body.
 */
export async function watchCommands(
  context: BrowserContext,
  seen: (commands: BatchedCommand[], request: Request) => void,
): Promise<void> {
  await context.route(`**${endpoints.runCommands.path}`, async (route) => {
    seen(commandsIn(route.request()), route.request())
    await route.fallback()
  })
}
