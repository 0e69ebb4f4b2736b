import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { TimeInput, timeInputRules } from './TimeInput';

function setup(props: Partial<Parameters<typeof TimeInput>[0]> = {}) {
  const user = userEvent.setup();
  const onChange = jest.fn();
  render(
    <>
      <TimeInput aria-label="Start time" onChange={onChange} {...props} />
      <button>Elsewhere</button>
    </>,
  );
  return { user, onChange, input: screen.getByRole('textbox', { name: 'Start time' }) as HTMLInputElement };
}

describe('TimeInput', () => {
  it.each([
    ['10:00 AM', '10:00', '10:00 AM'],
    ['10am', '10:00', '10:00 AM'],
    ['9:30 pm', '21:30', '9:30 PM'],
    ['22:00', '22:00', '10:00 PM'],
  ])('reads %j as %s and shows it as %s on blur', async (typed, time, text) => {
    const { user, input, onChange } = setup();
    await user.type(input, typed);
    expect(onChange).not.toHaveBeenCalled();
    await user.tab();
    expect(onChange).toHaveBeenCalledWith(time);
    expect(input.value).toBe(text);
  });

  it('reports unreadable text as typed (never a default time), and an empty field as null', async () => {
    const { user, input, onChange } = setup({ value: '08:00' });
    expect(input.value).toBe('8:00 AM');
    await user.clear(input);
    await user.type(input, '25:00');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('25:00');
    expect(input.value).toBe('25:00');
    await user.clear(input);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('commits on Enter without submitting the form', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(
      <form onSubmit={onSubmit}>
        <TimeInput aria-label="Start time" onChange={onChange} />
      </form>,
    );
    await user.type(screen.getByRole('textbox', { name: 'Start time' }), '10am{Enter}');
    expect(onChange).toHaveBeenCalledWith('10:00');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("names the organization's zone when the viewer's differs (the test runs in UTC)", () => {
    setup({ value: '18:00', timeZone: 'America/Chicago', date: '2026-11-28' });
    expect(screen.getByText('CST')).toBeTruthy();
  });

  it('in a form, refuses unreadable text and a missing time with the field named', async () => {
    const onFinish = jest.fn();
    const user = userEvent.setup();
    render(
      <Form onFinish={onFinish}>
        <Form.Item
          label="Start time"
          name="startTime"
          rules={timeInputRules('Start time', { required: true })}
        >
          <TimeInput />
        </Form.Item>
        <Button htmlType="submit">Add</Button>
      </Form>,
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter the start time.')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Start time' });
    await user.type(input, 'abc');
    await user.tab();
    expect(await screen.findByText('Start time must be a time such as 10:00 AM, 10am or 22:00')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '10:00 AM');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ startTime: '10:00' }));
  });
});
