import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { MonthCalendar } from './MonthCalendar';

describe('MonthCalendar', () => {
  it('names its month and year pickers, and picking a month shows that month', async () => {
    const user = userEvent.setup();
    const onPanelChange = jest.fn();
    render(<MonthCalendar defaultValue={dayjs('2026-11-24')} onPanelChange={onPanelChange} />);
    const month = screen.getByRole('combobox', { name: 'Month' });
    const year = screen.getByRole('combobox', { name: 'Year' });
    expect(month.closest('.ant-select')?.textContent).toBe('November');
    expect(year.closest('.ant-select')?.textContent).toBe('2026');

    await user.click(month);
    await user.click(within(screen.getByRole('listbox')).getByText('December', { exact: true }));
    expect(onPanelChange).toHaveBeenCalledTimes(1);
    expect((onPanelChange.mock.calls[0]![0] as dayjs.Dayjs).format('YYYY-MM')).toBe('2026-12');
    expect(screen.getByTitle('2026-12-31')).toBeTruthy();
  });

  it('leaves no form control of its own without a name', () => {
    render(<MonthCalendar defaultValue={dayjs('2026-11-24')} />);
    for (const box of screen.getAllByRole('combobox')) expect(box.getAttribute('aria-label')).toBeTruthy();
  });
});
