import type { ComponentProps } from 'react'
import { buttonClasses, type ButtonVariant } from './classes'

export { buttonClasses, type ButtonVariant } from './classes'

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />
}
