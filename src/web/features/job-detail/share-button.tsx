// Share job (DESIGN.md §5): the device's share sheet where there is one, else the clipboard; the
// outcome is spoken by screen readers and the label returns after URL_COPY_TIMEOUT_MS. The button
// submits a GET form of its own, so before the scripts run (or without them) a click reloads the
// page with `?share` and the address shows in a box to copy; once they run, the click shares.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { URL_COPY_TIMEOUT_MS } from '../../../shared/constants.ts';
import { Button } from '../../components/button.tsx';

type Outcome = 'idle' | 'copied' | 'failed';

const messages: Record<Outcome, string> = {
  idle: '',
  copied: 'Url Copied...',
  failed: 'Opps.., Please try again.',
};

async function shareOrCopy(url: string, title: string): Promise<Outcome | undefined> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return 'copied';
    } catch (error) {
      // Closing the share sheet is the visitor's choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export function ShareButton({ url, title }: { url: string; title: string }) {
  const [outcome, setOutcome] = useState<Outcome>('idle');
  // The query read from the location (not useSearchParams, which would cost every first visit's
  // framework chunk; vite.config.ts).
  const { search } = useLocation();
  const [showAddress, setShowAddress] = useState(() => new URLSearchParams(search).has('share'));
  // Set once this button's handlers are attached (it may hydrate after the rest of the page, in
  // the lazy actions' boundary); until then a click submits the form.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.setAttribute('data-enhanced', '');
    // A press before the scripts ran left `?share` in the address bar: the box shows the job's
    // own address, and the bar does too from now on, for whoever copies it from there. The
    // history entry is rewritten in place (React Router's state kept), so nothing is loaded again.
    const address = new URL(window.location.href);
    if (!address.searchParams.has('share')) return;
    address.searchParams.delete('share');
    window.history.replaceState(window.history.state, '', address);
  }, []);

  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = setTimeout(() => setOutcome('idle'), URL_COPY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await shareOrCopy(url, title);
    if (result) setOutcome(result);
    // Where neither the share sheet nor the clipboard works, the address is there to copy.
    if (result === 'failed') setShowAddress(true);
  }

  return (
    // Its parts are laid out by the row it sits in (`contents`): the address box's full basis
    // puts it under Save and Share, not beside them.
    <form method="get" onSubmit={onSubmit} ref={form} className="contents">
      <p role="status" aria-live="polite" className="text-muted text-sm">
        {messages[outcome]}
      </p>
      <Button type="submit" name="share" value="" variant="secondary" className="min-w-28">
        {outcome === 'copied' ? 'Copied' : 'Share job'}
      </Button>
      {showAddress && (
        <label className="text-muted flex basis-full flex-col gap-1 text-sm">
          Copy this address
          <input
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="rounded-control border-line-strong bg-surface-raised text-fg h-10 w-full min-w-64 border px-3"
          />
        </label>
      )}
    </form>
  );
}
