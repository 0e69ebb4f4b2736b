import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { NameFields, type NameFieldsProps } from './NameFields';

function PersonForm(props: NameFieldsProps & { onFinish?: (values: unknown) => void }) {
  const { onFinish, ...fields } = props;
  return (
    <Form layout="vertical" onFinish={onFinish}>
      <NameFields {...fields} />
      <Button htmlType="submit">Save</Button>
    </Form>
  );
}

describe('NameFields', () => {
  it('sends the first and last name as firstName and lastName', async () => {
    const onFinish = jest.fn();
    render(<PersonForm onFinish={onFinish} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'Lovelace' }));
  });

  it('requires both names, with the texts given', async () => {
    render(
      <PersonForm
        requiredMessages={{ firstName: 'Enter the first name.', lastName: 'Enter the last name.' }}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the first name.')).toBeTruthy();
    expect(await screen.findByText('Enter the last name.')).toBeTruthy();
  });

  it('puts a field between the names and marks them for autofill', () => {
    render(
      <PersonForm
        autoComplete
        stacked
        between={
          <Form.Item label="Middle initial" name="middleInitial">
            <Input />
          </Form.Item>
        }
      />,
    );
    const ids = screen.getAllByRole('textbox').map((box) => box.getAttribute('id'));
    expect(ids).toEqual(['firstName', 'middleInitial', 'lastName']);
    expect(screen.getByLabelText('First name').getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByLabelText('Last name').getAttribute('autocomplete')).toBe('family-name');
  });
});
