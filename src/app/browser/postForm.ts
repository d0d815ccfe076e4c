/**
 * Leaves the portal by posting a form, as a user's click on a form button would: the browser sends it with its
 * Origin, so the server can tell the portal's own logout from one a foreign page started.
 */
export function postForm(action: string, fields: Record<string, string>): void {
  const form = document.createElement('form')
  form.method = 'post'
  form.action = action
  form.hidden = true
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = value
    form.append(input)
  }
  document.body.append(form)
  form.submit()
}
