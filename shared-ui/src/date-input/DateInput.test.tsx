import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { DateInput } from './DateInput';

function setup(element: ReactElement) {
  const user = userEvent.setup();
  render(
    <>
      {element}
      <button>Elsewhere</button>
    </>,
  );
  return { user, input: screen.getByRole('textbox', { name: 'Birthday' }) as HTMLInputElement };
}

describe('DateInput', () => {
  it('reads M/D/YYYY, reports the date and rewrites it as M/D/YYYY on blur', async () => {
    const onChange = jest.fn();
    const { user, input } = setup(<DateInput aria-label="Birthday" onChange={onChange} />);
    expect(input.placeholder).toBe('M/D/YYYY');
    await user.type(input, '03/07/1950');
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(input.value).toBe('3/7/1950');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(new Date(1950, 2, 7));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['2/30/2024', '1950-03-07', '3/7/50', 'yesterday'])(
    "says 'Enter a date as M/D/YYYY' for %s and reports no date",
    async (typed) => {
      const onChange = jest.fn();
      const { user, input } = setup(
        <DateInput aria-label="Birthday" defaultValue={new Date(2000, 0, 1)} onChange={onChange} />,
      );
      await user.clear(input);
      await user.type(input, typed);
      await user.tab();
      expect(screen.getByRole('alert').textContent).toBe('Enter a date as M/D/YYYY');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.value).toBe(typed); // what was typed stays, to be corrected
      expect(onChange).toHaveBeenCalledWith(null);
    },
  );

  it('commits the typed date on Enter and does not submit the form', async () => {
    const submitted: unknown[] = [];
    const onChange = jest.fn();
    function Form() {
      const [date, setDate] = useState<Date | null>(new Date(2026, 10, 27));
      return (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submitted.push(date);
          }}
        >
          <DateInput
            aria-label="Birthday"
            value={date}
            onChange={(next) => {
              onChange(next);
              setDate(next);
            }}
          />
          <button type="submit">Save</button>
        </form>
      );
    }
    const { user, input } = setup(<Form />);
    await user.clear(input);
    await user.type(input, '11/28/2026{Enter}');
    expect(onChange).toHaveBeenCalledWith(new Date(2026, 10, 28));
    expect(input.value).toBe('11/28/2026');
    expect(submitted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submitted).toEqual([new Date(2026, 10, 28)]);
  });

  it('shows the date given, and a new one from the parent', async () => {
    function Form() {
      const [date, setDate] = useState<Date | null>(new Date(2024, 11, 25));
      return (
        <>
          <DateInput aria-label="Birthday" value={date} onChange={setDate} />
          <button onClick={() => setDate(new Date(2025, 0, 2))}>Set Jan 2</button>
          <output>{date ? date.toDateString() : 'none'}</output>
        </>
      );
    }
    const { user, input } = setup(<Form />);
    expect(input.value).toBe('12/25/2024');
    await user.click(screen.getByRole('button', { name: 'Set Jan 2' }));
    expect(input.value).toBe('1/2/2025');
    await user.clear(input);
    await user.type(input, '7/4/2026');
    await user.tab();
    expect(screen.getByRole('status').textContent).toBe(new Date(2026, 6, 4).toDateString());
    await user.clear(input);
    await user.type(input, '7/44/2026');
    await user.tab();
    expect(screen.getByRole('status').textContent).toBe('none');
    expect(input.value).toBe('7/44/2026');
  });

  it('accepts an empty field when not required', async () => {
    const onChange = jest.fn();
    const { user, input } = setup(<DateInput aria-label="Birthday" onChange={onChange} />);
    await user.click(input);
    await user.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks for a date when required and empty', async () => {
    const { user, input } = setup(<DateInput aria-label="Birthday" required />);
    await user.click(input);
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Enter a date as M/D/YYYY');
  });
});
