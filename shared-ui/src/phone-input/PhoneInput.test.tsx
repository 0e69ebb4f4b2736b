import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { PhoneInput } from './PhoneInput';

function setup(element: ReactElement) {
  const user = userEvent.setup();
  render(
    <>
      {element}
      <button>Elsewhere</button>
    </>,
  );
  return { user, input: screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement };
}

describe('PhoneInput', () => {
  it.each([
    ['(512) 555-0100', '512-555-0100'],
    ['512.555.0100', '512-555-0100'],
    ['5125550100', '512-555-0100'],
    ['+1 512 555 0100', '512-555-0100'],
  ])('shows %s as %s when the user leaves the field', async (typed, shown) => {
    const onChange = jest.fn();
    const { user, input } = setup(<PhoneInput aria-label="Phone" onChange={onChange} />);
    await user.type(input, typed);
    expect(input.value).toBe(typed);
    await user.tab();
    expect(input.value).toBe(shown);
    expect(onChange).toHaveBeenLastCalledWith(shown);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it("says 'Enter a 10-digit phone number' on blur when the number is not valid", async () => {
    const { user, input } = setup(<PhoneInput aria-label="Phone" />);
    await user.type(input, '555-0100');
    expect(screen.queryByRole('alert')).toBeNull(); // not while typing
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Enter a 10-digit phone number');
    expect(input.value).toBe('555-0100');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('clears the message once the number is fixed', async () => {
    const { user, input } = setup(<PhoneInput aria-label="Phone" />);
    await user.type(input, '555-0100');
    await user.tab();
    await user.clear(input);
    await user.type(input, '512 555 0100');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('accepts an empty field when not required', async () => {
    const optional = setup(<PhoneInput aria-label="Phone" />);
    await optional.user.click(optional.input);
    await optional.user.tab();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a number when required and empty', async () => {
    const { user, input } = setup(<PhoneInput aria-label="Phone" required />);
    await user.click(input);
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Enter a 10-digit phone number');
  });

  it('works controlled by a parent', async () => {
    function Form() {
      const [phone, setPhone] = useState('+1 (512) 555-0100');
      return (
        <>
          <PhoneInput aria-label="Phone" value={phone} onChange={setPhone} />
          <output>{phone}</output>
        </>
      );
    }
    const { user, input } = setup(<Form />);
    expect(input.value).toBe('+1 (512) 555-0100');
    await user.click(input);
    await user.tab();
    expect(input.value).toBe('512-555-0100');
    expect(screen.getByRole('status').textContent).toBe('512-555-0100');
  });
});
