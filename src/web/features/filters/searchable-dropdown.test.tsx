// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DropdownOption } from '../../../shared/contract/filters.ts';
import { NOT_APPLIED_TEXT, SearchableDropdown } from './searchable-dropdown.tsx';
import { experienceOptions, fetchLocations } from './suggestions.ts';
import { SUGGESTION_DEBOUNCE_MS } from './use-suggestions.ts';

const cities: DropdownOption[] = [
  { id: '1', label: 'Bengaluru' },
  { id: '2', label: 'Berlin' },
];

/**
 * The location box rendered as the page does, with no choice held by a parent: what it says on
 * leaving depends on that, so these tests do not use Harness, whose own choice state changes it.
 */
function renderUnchosen(onUnapplied: (text: string) => void, initialText?: string) {
  render(
    <SearchableDropdown
      label="Location"
      placeholder="City, such as Pune"
      notFoundText="Location not found..."
      value={null}
      onChange={() => {}}
      fetchOptions={async () => cities}
      name="locationText"
      initialText={initialText}
      onUnapplied={onUnapplied}
    />,
  );
}

function Harness(props: {
  fetchOptions?: (text: string, signal: AbortSignal) => Promise<DropdownOption[]>;
  staticOptions?: DropdownOption[];
  initial?: DropdownOption | null;
  onChange?: (option: DropdownOption | null) => void;
  name?: string;
  initialText?: string;
  error?: { id: string; text: string };
}) {
  const [value, setValue] = useState<DropdownOption | null>(props.initial ?? null);
  return (
    <>
      <SearchableDropdown
        label="Location"
        placeholder="City, such as Pune"
        notFoundText="Location not found..."
        value={value}
        onChange={(option) => {
          props.onChange?.(option);
          setValue(option);
        }}
        fetchOptions={props.fetchOptions}
        staticOptions={props.staticOptions}
        name={props.name}
        initialText={props.initialText}
        error={props.error}
      />
      <span data-testid="chosen">{value?.id ?? 'none'}</span>
      <button type="button">elsewhere</button>
    </>
  );
}

// jsdom has no layout; Headless UI only watches element movement with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const settle = () => act(() => vi.advanceTimersByTimeAsync(SUGGESTION_DEBOUNCE_MS + 10));

describe('SearchableDropdown', () => {
  it('debounces typing into one request with the latest text and lists the answers', async () => {
    const fetchOptions = vi.fn(async (_text: string) => cities);
    render(<Harness fetchOptions={fetchOptions} />);
    await user().type(screen.getByRole('combobox', { name: 'Location' }), 'Be');
    expect(screen.getByText('Loading..')).toBeInTheDocument();
    await settle();
    expect(fetchOptions).toHaveBeenCalledTimes(1);
    expect(fetchOptions.mock.calls[0]?.[0]).toBe('Be');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Bengaluru',
      'Berlin',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 suggestions');
  });

  it('cancels the earlier request when the text changes', async () => {
    const signals: AbortSignal[] = [];
    const fetchOptions = vi.fn(
      (_text: string, signal: AbortSignal) =>
        new Promise<DropdownOption[]>((resolve) => {
          signals.push(signal);
          setTimeout(() => resolve(cities), 1000);
        }),
    );
    render(<Harness fetchOptions={fetchOptions} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user().type(input, 'B');
    await settle();
    await user().type(input, 'e');
    await settle();
    expect(fetchOptions).toHaveBeenCalledTimes(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
  });

  it("shows only the latest text's answer when an earlier one arrives after it", async () => {
    const asked: string[] = [];
    // Answers as the suggestion route does, the first text's answer last, whatever the abort.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const name = new URL(url, 'http://localhost').searchParams.get('name') ?? '';
        asked.push(url);
        const options = name === 'B' ? cities : [cities[1]!];
        await new Promise((resolve) => setTimeout(resolve, name === 'B' ? 2000 : 100));
        return Response.json({ success: true, message: 'Found', content: { options } });
      }),
    );
    try {
      render(<Harness fetchOptions={fetchLocations} />);
      const input = screen.getByRole('combobox', { name: 'Location' });
      await user().type(input, 'B');
      await settle();
      await user().type(input, 'er');
      await settle();
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(asked).toEqual(['/suggest/locations?name=B', '/suggest/locations?name=Ber']);
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Berlin']);
      expect(input).toHaveValue('Ber');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('sends nothing for blank text and empties the options when the text is cleared', async () => {
    const fetchOptions = vi.fn(async () => cities);
    render(<Harness fetchOptions={fetchOptions} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user().type(input, '   ');
    await settle();
    expect(fetchOptions).not.toHaveBeenCalled();
    await user().type(input, 'Be');
    await settle();
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await user().clear(input);
    await settle();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(fetchOptions).toHaveBeenCalledTimes(1);
  });

  it("reads the field's error to whoever reaches the box: invalid, and described by it", async () => {
    render(
      <Harness
        fetchOptions={async () => cities}
        error={{ id: 'field-cityId', text: 'City is required' }}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Location' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')!.split(' ')).toContain('field-cityId');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('City is required'));
  });

  it('says so when nothing matches', async () => {
    render(<Harness fetchOptions={async () => []} />);
    await user().type(screen.getByRole('combobox', { name: 'Location' }), 'zz');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Location not found...');
  });

  it('shows the server message when the lookup fails', async () => {
    render(
      <Harness
        fetchOptions={async () => {
          throw new Error('Too many requests, slow down.');
        }}
      />,
    );
    await user().type(screen.getByRole('combobox', { name: 'Location' }), 'Be');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Too many requests, slow down.');
  });

  it('chooses with the keyboard, shows the label, and clears text and options on blur', async () => {
    const onChange = vi.fn();
    render(<Harness fetchOptions={async () => cities} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    const u = user();
    await u.type(input, 'Ber');
    await settle();
    await u.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ id: '2', label: 'Berlin' });
    expect(screen.getByTestId('chosen')).toHaveTextContent('2');
    expect(input).toHaveValue('Berlin');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input).toHaveValue('Berlin');
  });

  it('typing clears the chosen value; blur then leaves the box empty', async () => {
    render(<Harness fetchOptions={async () => cities} initial={{ id: '1', label: 'Bengaluru' }} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    expect(input).toHaveValue('Bengaluru');
    const u = user();
    await u.type(input, 'x');
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
    await settle();
    await u.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input).toHaveValue('');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('Escape closes the suggestions', async () => {
    render(<Harness fetchOptions={async () => cities} />);
    const u = user();
    await u.type(screen.getByRole('combobox', { name: 'Location' }), 'Be');
    await settle();
    expect(screen.getAllByRole('option')).toHaveLength(2);
    await u.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('the clear button resets the choice', async () => {
    render(<Harness fetchOptions={async () => cities} initial={{ id: '1', label: 'Bengaluru' }} />);
    await user().click(screen.getByRole('button', { name: 'Clear Location' }));
    expect(screen.getByTestId('chosen')).toHaveTextContent('none');
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('');
  });

  it('a box whose text is sent shows that text, and a new answer brings its own', async () => {
    const sent = () => document.querySelector<HTMLInputElement>('input[name="locationText"]')!;
    const props = { fetchOptions: async () => cities, name: 'locationText' };
    const { rerender } = render(<Harness {...props} initialText="an" />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    expect(input).toHaveValue('an');
    expect(sent()).toHaveValue('an');
    const u = user();
    // Typed but not chosen: still in the box after it loses the focus, as it is in the form.
    await u.clear(input);
    await u.type(input, 'Be');
    await settle();
    await u.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(input).toHaveValue('Be');
    expect(sent()).toHaveValue('Be');
    // The server's next answer (Clear filters) empties both.
    rerender(<Harness {...props} initialText="" />);
    expect(input).toHaveValue('');
    expect(sent()).toHaveValue('');
    // A choice replaces the text; clearing the choice leaves nothing to send.
    await u.type(input, 'Ber');
    await settle();
    await u.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(sent()).toHaveValue('Berlin');
    await u.click(screen.getByRole('button', { name: 'Clear Location' }));
    expect(input).toHaveValue('');
    expect(sent()).toHaveValue('');
  });

  it('a fixed list is matched locally and shown whole on focus, with no fetch', async () => {
    render(<Harness staticOptions={experienceOptions} />);
    const u = user();
    await u.click(screen.getByRole('combobox', { name: 'Location' }));
    expect(screen.getAllByRole('option')).toHaveLength(6);
    await u.type(screen.getByRole('combobox', { name: 'Location' }), '5+');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5+ year']);
  });
});

describe('SearchableDropdown, text left without a choice', () => {
  const sent = () => document.querySelector<HTMLInputElement>('input[name="locationText"]')!;

  it('left with text that found nothing, the box is emptied (spec §4: blur clears the text)', async () => {
    render(<Harness fetchOptions={async () => []} name="locationText" />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    const u = user();
    await u.type(input, 'Berln');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Location not found...');
    await u.tab();
    expect(input).toHaveValue('');
    expect(sent()).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });

  it('left with text that has suggestions, the box keeps it and says it is not applied yet', async () => {
    const onUnapplied = vi.fn();
    renderUnchosen(onUnapplied);
    const input = screen.getByRole('combobox', { name: 'Location' });
    const u = user();
    await u.type(input, 'Be');
    await settle();
    expect(screen.getByRole('status')).not.toHaveTextContent(NOT_APPLIED_TEXT);
    await u.tab();
    expect(input).toHaveValue('Be');
    expect(sent()).toHaveValue('Be');
    const described = input.getAttribute('aria-describedby')!.split(' ');
    const hint = described.map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(hint).toContain(NOT_APPLIED_TEXT);
    expect(onUnapplied).toHaveBeenLastCalledWith('Be');
  });

  it('text the server answered (its did-you-mean) is not called unapplied', async () => {
    const onUnapplied = vi.fn();
    renderUnchosen(onUnapplied, 'an');
    expect(screen.getByRole('status')).not.toHaveTextContent(NOT_APPLIED_TEXT);
    expect(onUnapplied).toHaveBeenLastCalledWith('');
  });

  it('Enter with no option active sends the form, the typed text with it', async () => {
    const submitted: string[] = [];
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted.push(String(new FormData(event.currentTarget).get('locationText')));
        }}
      >
        <Harness fetchOptions={async () => []} name="locationText" />
        <button type="submit">Search</button>
      </form>,
    );
    const u = user();
    await u.type(screen.getByRole('combobox', { name: 'Location' }), 'Berln');
    await settle();
    await u.keyboard('{Enter}');
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(submitted).toEqual(['Berln']);
  });

  it('after Escape, ArrowDown brings back the suggestions of the text', async () => {
    render(<Harness fetchOptions={async () => cities} name="locationText" />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    const u = user();
    await u.type(input, 'Be');
    await settle();
    await u.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await u.keyboard('{ArrowDown}');
    await settle();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Bengaluru',
      'Berlin',
    ]);
  });
});

describe('SearchableDropdown on a short screen', () => {
  function listBottomAt(bottom: number) {
    const real = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      if (this.getAttribute('role') === 'listbox') return { ...real.call(this), bottom };
      return real.call(this);
    });
  }
  const scrolled = vi.fn();
  /** How the box itself was scrolled (Headless UI scrolls its active option too). */
  const boxScrolls = (input: HTMLElement) =>
    scrolled.mock.calls.filter((_, i) => scrolled.mock.contexts[i] === input).map((c) => c[0]);
  beforeEach(() => {
    scrolled.mockClear();
    Element.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('scrolls the box to the top when the list would open below the visible area', async () => {
    listBottomAt(window.innerHeight + 200);
    render(<Harness fetchOptions={async () => cities} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user().type(input, 'Be');
    await settle();
    expect(screen.getAllByRole('option')).toHaveLength(2);
    // The check waits a frame, for the list to be placed.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(boxScrolls(input)).toEqual([{ block: 'start', behavior: 'instant' }]);
  });

  it('moves nothing when the list fits', async () => {
    listBottomAt(window.innerHeight - 10);
    render(<Harness fetchOptions={async () => cities} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user().type(input, 'Be');
    await settle();
    expect(screen.getAllByRole('option')).toHaveLength(2);
    // The check waits a frame, for the list to be placed.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(boxScrolls(input)).toEqual([]);
  });
});
