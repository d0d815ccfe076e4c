import { mapColors } from './mapStyle'

/** Drawn at twice the size it shows, for sharp edges on high-density screens. */
export const carIconPixelRatio = 2
const size = 28 * carIconPixelRatio

/**
 * The car's image: a disc with a white rim, and with a white arrow pointing up (north, before the map rotates
 * it to the heading) when `heading`. Drawn on a canvas, so nothing is fetched.
 */
export function carIcon(heading: boolean): ImageData {
  const canvas = document.createElement('canvas')
  canvas.width = size
  canvas.height = size
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No 2D canvas for the car icon')
  const middle = size / 2
  context.beginPath()
  context.arc(middle, middle, middle - 2, 0, 2 * Math.PI)
  context.fillStyle = mapColors.car
  context.fill()
  context.lineWidth = 3 * carIconPixelRatio
  context.strokeStyle = mapColors.rim
  context.stroke()
  context.fillStyle = mapColors.rim
  if (heading) {
    context.beginPath()
    context.moveTo(middle, size * 0.2)
    context.lineTo(size * 0.72, size * 0.72)
    context.lineTo(middle, size * 0.6)
    context.lineTo(size * 0.28, size * 0.72)
    context.closePath()
    context.fill()
  } else {
    context.beginPath()
    context.arc(middle, middle, size * 0.14, 0, 2 * Math.PI)
    context.fill()
  }
  return context.getImageData(0, 0, size, size)
}
