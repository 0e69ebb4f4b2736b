import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { useFocusReturn } from './use-focus-return';

function Panel() {
  useFocusReturn();
  return <input aria-label="inside" autoFocus />;
}

function Page({ removeOpener = false }: { removeOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {removeOpener && open ? null : <button onClick={() => setOpen(true)}>Open</button>}
      <button onClick={() => setOpen(false)}>Close</button>
      {open ? <Panel /> : null}
    </>
  );
}

jest.useFakeTimers();

describe('useFocusReturn', () => {
  it('gives the focus back to the element that opened the panel when the panel goes', () => {
    const view = render(<Page />);
    const opener = view.getByText('Open');
    opener.focus();
    act(() => opener.click());
    expect(document.activeElement).toBe(view.getByLabelText('inside'));
    act(() => view.getByText('Close').click());
    act(() => jest.runAllTimers());
    expect(document.activeElement).toBe(view.getByText('Open'));
  });

  it('leaves the focus alone when the opener is no longer on the page', () => {
    const view = render(<Page removeOpener />);
    const opener = view.getByText('Open');
    opener.focus();
    act(() => opener.click());
    const close = view.getByText('Close');
    close.focus();
    act(() => close.click());
    act(() => jest.runAllTimers());
    expect(document.activeElement).toBe(close);
  });
});
