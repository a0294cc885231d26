import { useState } from "react";

type Checked<Draft, Request> = { request: Request } | { errors: Partial<Record<keyof Draft, string>> };

/**
 * A form's draft and its field errors, checked by `validate` (the server's own schema): after the first submit,
 * fields re-check as they change, so a fixed mistake clears at once. Field `f`'s control has the id `${idPrefix}-f`,
 * so a failed submit can focus the first field in error.
 */
export function useDraftForm<Draft extends object, Request>(
  initial: () => Draft,
  validate: (draft: Draft) => Checked<Draft, Request>,
  idPrefix: string,
) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  function update<K extends keyof Draft>(field: K, value: Draft[K]) {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (submitted) {
      const result = validate(next);
      setErrors("errors" in result ? result.errors : {});
    }
  }

  /** On submit: the request to send, or null once the errors show and the first field in error has focus. */
  function check(): Request | null {
    setSubmitted(true);
    const result = validate(draft);
    if ("errors" in result) {
      setErrors(result.errors);
      const first = Object.keys(result.errors)[0];
      if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
      return null;
    }
    setErrors({});
    return result.request;
  }

  /** Starts over with `next`, as before any submit. */
  function reset(next: Draft) {
    setDraft(next);
    setErrors({});
    setSubmitted(false);
  }

  return { draft, errors, update, check, reset };
}
