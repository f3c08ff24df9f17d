// Reading a posted form's text fields in an action.

/** A reader of the form's text fields: a missing field, or a file, reads as ''. */
export function formText(form: FormData): (name: string) => string {
  return (name) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
}
