import type { Locator } from '@playwright/test'

/**
 * The pixels of a colour (each channel within `tolerance`) on the map's canvas: how many, and their middle in
 * pixels from the top left. Read from a screenshot with the page's buttons (the map's controls, 'Follow the
 * car') masked out, decoded in the page, which has an image decoder.
 */
export async function pixelsOf(
  canvas: Locator,
  colour: string,
  tolerance: number,
): Promise<{ count: number; x: number; y: number }> {
  const png = await canvas.screenshot({ mask: [canvas.page().getByRole('button')] })
  return canvas.page().evaluate(
    async ({ base64, colour, tolerance }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
      const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const context = new OffscreenCanvas(image.width, image.height).getContext('2d')
      if (!context) throw new Error('No 2D canvas to read the screenshot')
      context.drawImage(image, 0, 0)
      const { data } = context.getImageData(0, 0, image.width, image.height)
      const wanted = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16))
      let [count, sumX, sumY] = [0, 0, 0]
      for (let index = 0; index < data.length; index += 4) {
        if (wanted.every((value, channel) => Math.abs(data[index + channel]! - value) <= tolerance)) {
          count += 1
          sumX += (index / 4) % image.width
          sumY += Math.floor(index / 4 / image.width)
        }
      }
      return { count, x: sumX / count, y: sumY / count }
    },
    { base64: png.toString('base64'), colour, tolerance },
  )
}
