import { apiClient } from '@carelane/shared-session';
import { jsonResponse } from '@carelane/shared-session/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { z } from 'zod';
import { apiError, renderPage, type RenderedPage } from '../page-test-kit/page-test-kit';
import { FormFailure } from './page-kit';
import { useBusy, useFormCall, useSaveCall } from './form-call';

jest.setTimeout(120_000);

function FineForm() {
  const [form] = Form.useForm();
  const { busy, failure, call } = useFormCall(form);
  const save = () =>
    void call(
      {
        thing: 'the fine',
        action: 'added',
        places: { amountCents: 'amount' },
        labels: { amountCents: 'Amount' },
      },
      async () => {
        await apiClient.post('/api/operation/fines', form.getFieldsValue(), z.object({}));
      },
    );
  return (
    <Form form={form} layout="vertical">
      <FormFailure text={failure} />
      <Form.Item label="Amount" name="amount">
        <Input />
      </Form.Item>
      <Button loading={busy} onClick={save}>
        Add fine
      </Button>
    </Form>
  );
}

describe('useFormCall', () => {
  let page: RenderedPage | undefined;
  afterEach(() => page?.done());

  it('is busy while the call runs and shows nothing more when it succeeds', async () => {
    let answer: (response: Response) => void = () => undefined;
    page = renderPage(<FineForm />, {
      url: '/providerpayments',
      route: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add fine' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Add fine/ }).className).toMatch(/loading/),
    );
    answer(jsonResponse({}));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add fine' }).className).not.toMatch(/loading/),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(page.errorToasts).toEqual([]);
  });

  it('puts a refused field on the field it names and the reason on the form and in a toast', async () => {
    page = renderPage(<FineForm />, {
      url: '/providerpayments',
      route: () =>
        apiError(400, 'The fine is not valid.', [{ field: 'amountCents', message: 'must be positive' }]),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add fine' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Sorry, the fine could not be added\./);
    expect(page.errorToasts).toEqual([alert.textContent]);
    expect(await screen.findByText(/must be positive/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add fine' }).className).not.toMatch(/loading/);
  });
});

function PhysicianForm() {
  const [form] = Form.useForm();
  const { busy, failure, save } = useSaveCall(form, 'the physician', { npi: 'NPI' });
  const submit = () =>
    void save(async () => {
      await apiClient.put('/api/admin/physicians/1', form.getFieldsValue(), z.object({}));
    });
  return (
    <Form form={form} layout="vertical" initialValues={{ npi: '' }}>
      <FormFailure text={failure} />
      <Form.Item label="NPI" name="npi">
        <Input />
      </Form.Item>
      <Button loading={busy} onClick={submit}>
        Save
      </Button>
    </Form>
  );
}

describe('useSaveCall', () => {
  let page: RenderedPage | undefined;
  afterEach(() => page?.done());

  it("shows a refused save on the field named as in the API, with the form's labels in the reason", async () => {
    page = renderPage(<PhysicianForm />, {
      url: '/physician?id=1',
      route: () =>
        apiError(400, 'The physician is not valid.', [{ field: 'npi', message: 'must be 10 digits' }]),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Sorry, the physician could not be saved\./);
    expect(alert.textContent).toContain('NPI');
    expect(page.errorToasts).toEqual([alert.textContent]);
    expect(await screen.findByText('must be 10 digits')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).className).not.toMatch(/loading/);
  });
});

function Acknowledge({ action }: { action: () => Promise<void> }) {
  const { busy, run } = useBusy();
  return (
    <Button loading={busy} onClick={() => void run(action).catch(() => undefined)}>
      Acknowledge
    </Button>
  );
}

describe('useBusy', () => {
  let page: RenderedPage | undefined;
  afterEach(() => page?.done());

  it('is busy until the action settles, also when it fails', async () => {
    let settle: (ok: boolean) => void = () => undefined;
    const action = () =>
      new Promise<void>((resolve, reject) => (settle = (ok) => (ok ? resolve() : reject(new Error('no')))));
    page = renderPage(<Acknowledge action={action} />, { url: '/note', route: () => undefined });
    const button = () => screen.getByRole('button', { name: /Acknowledge/ });
    for (const ok of [true, false]) {
      fireEvent.click(button());
      await waitFor(() => expect(button().className).toMatch(/loading/));
      settle(ok);
      await waitFor(() => expect(button().className).not.toMatch(/loading/));
    }
  });
});
