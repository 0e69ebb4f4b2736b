import { QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, Input, theme } from 'antd';
import { useState } from 'react';
import { AppProviders, RENDER_ERROR_MESSAGE } from './AppProviders';
import { GlobalStyle } from './global-style';
import { carelaneTheme } from './theme';

function PrimaryColour() {
  const { token } = theme.useToken();
  return <output>{token.colorPrimary}</output>;
}

/** React itself reports an error caught by a boundary on the console in development. */
const silenceReactCaughtErrorReport = () => jest.spyOn(console, 'error').mockImplementation(() => undefined);

describe('AppProviders', () => {
  it('gives every antd component the Carelane teal', () => {
    render(
      <AppProviders>
        <PrimaryColour />
      </AppProviders>,
    );
    expect(screen.getByRole('status').textContent).toBe('#0f766e');
    expect(carelaneTheme.token?.colorPrimary).toBe('#0f766e');
  });

  it('uses light teal tints for selected items and info alerts, not the grey antd derives from the dark teal', () => {
    function Tints() {
      const { token } = theme.useToken();
      return (
        <output>{[token.controlItemBgActive, token.colorInfoBg, token.colorPrimaryBg].join(' ')}</output>
      );
    }
    render(
      <AppProviders>
        <Tints />
      </AppProviders>,
    );
    expect(screen.getByRole('status').textContent).toBe('#e6f4f1 #e6f4f1 #e6f4f1');
  });

  it("pads the password field's show/hide icon to a 24 px target, once in <head> however many roots render it", () => {
    render(
      <>
        <AppProviders>
          <Input.Password aria-label="Password" />
        </AppProviders>
        <AppProviders>
          <p>An area</p>
        </AppProviders>
        <GlobalStyle />
      </>,
    );
    const styles = document.head.querySelectorAll('style[data-href="carelane-global"]');
    expect(styles).toHaveLength(1);
    // 14 px icon + 2 × 5 px padding = 24 px.
    expect(styles[0]!.textContent).toContain('.ant-input-password-icon');
    expect(styles[0]!.textContent).toContain('padding: 5px;');
    expect(screen.getByRole('button', { name: /show|eye/i })).toBeTruthy();
  });

  it('takes another theme when given one', () => {
    render(
      <AppProviders theme={{ token: { colorPrimary: '#123456' } }}>
        <PrimaryColour />
      </AppProviders>,
    );
    expect(screen.getByRole('status').textContent).toBe('#123456');
  });

  it('provides the antd App context, so message shows a toast', async () => {
    function SaveButton() {
      const { message } = App.useApp();
      return <Button onClick={() => void message.success('Saved.')}>Save</Button>;
    }
    render(
      <AppProviders>
        <SaveButton />
      </AppProviders>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('provides the query client it is given', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Patients() {
      const usedClient = useQueryClient();
      const { data } = useQuery({ queryKey: ['patients'], queryFn: async () => ['Ana Lopez'] });
      return (
        <p>
          {usedClient === client ? 'shared client' : 'other client'}: {data?.join(', ')}
        </p>
      );
    }
    render(
      <AppProviders queryClient={client}>
        <Patients />
      </AppProviders>,
    );
    expect(await screen.findByText('shared client: Ana Lopez')).toBeTruthy();
    client.clear();
  });

  it('adds no query client when none is given', () => {
    function NeedsClient() {
      useQueryClient();
      return null;
    }
    silenceReactCaughtErrorReport();
    const onError = jest.fn();
    render(
      <AppProviders onError={onError}>
        <NeedsClient />
      </AppProviders>,
    );
    expect(onError.mock.calls[0][0].message).toMatch(/No QueryClient set/);
  });

  it('shows the error state for a render error, and Retry renders again', async () => {
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('boom');
      return <p>Loaded again</p>;
    }
    silenceReactCaughtErrorReport();
    const onError = jest.fn();
    render(
      <AppProviders onError={onError}>
        <Fragile />
      </AppProviders>,
    );
    expect(screen.getByRole('alert').textContent).toContain(RENDER_ERROR_MESSAGE);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), expect.anything());
    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Loaded again')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('logs a caught render error to the console when no onError is given', () => {
    const consoleError = silenceReactCaughtErrorReport();
    function Broken(): never {
      throw new Error('render failed');
    }
    render(
      <AppProviders>
        <Broken />
      </AppProviders>,
    );
    expect(consoleError).toHaveBeenCalledWith(
      'Render error caught by AppProviders',
      expect.objectContaining({ message: 'render failed' }),
      expect.any(String),
    );
  });

  it('keeps state below it across renders of the providers', async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return <button onClick={() => setCount(count + 1)}>Clicked {count}</button>;
    }
    const { rerender } = render(
      <AppProviders>
        <Counter />
      </AppProviders>,
    );
    await userEvent.setup().click(screen.getByRole('button'));
    rerender(
      <AppProviders>
        <Counter />
      </AppProviders>,
    );
    expect(screen.getByRole('button').textContent).toBe('Clicked 1');
  });
});
