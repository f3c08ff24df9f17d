// Share job (DESIGN.md §5): the device's share sheet where there is one, else the clipboard; the
// outcome is spoken by screen readers and the label returns after URL_COPY_TIMEOUT_MS.
import { useEffect, useState } from 'react';
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

  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = setTimeout(() => setOutcome('idle'), URL_COPY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  async function onClick() {
    const result = await shareOrCopy(url, title);
    if (result) setOutcome(result);
  }

  return (
    <div className="flex items-center gap-3">
      <p role="status" aria-live="polite" className="text-muted text-sm">
        {messages[outcome]}
      </p>
      <Button variant="secondary" onClick={onClick} className="min-w-28">
        {outcome === 'copied' ? 'Copied' : 'Share job'}
      </Button>
    </div>
  );
}
