/**
 * Step-up (issue 13): a write the server answers 403 STEP_UP_REQUIRED waits while the signed-in admin types their
 * authenticator code again, then runs once more. The dialog that asks registers itself here (StepUpProvider);
 * without one, the 403 reaches the caller as any other refusal.
 */
type Ask = () => Promise<boolean>;
let ask: Ask | null = null;
let pending: Promise<boolean> | null = null;

export function setStepUpPrompt(fn: Ask | null) {
  ask = fn;
}

/** Asks once for any number of writes refused at the same moment; resolves true when the code was accepted. */
export function promptStepUp(): Promise<boolean> {
  if (!ask) return Promise.resolve(false);
  if (!pending) pending = ask().finally(() => (pending = null));
  return pending;
}
