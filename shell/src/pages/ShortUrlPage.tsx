import { apiClient, errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { PageFrame } from '@carelane/shared-ui';
import { Alert, Button, Form, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { showFieldErrors } from '../app/form-errors';

const created = z.object({ id: z.string(), path: z.string(), url: z.string() });
type Request = { path: string; expiresInDays?: number | null };

/** Administrators make short links to in-app pages, for messages that must fit an SMS. */
export function ShortUrlPage() {
  const [form] = Form.useForm<Request>();
  const [result, setResult] = useState<z.infer<typeof created> | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async ({ path, expiresInDays }: Request) => {
    setBusy(true);
    try {
      const link = await apiClient.post(
        '/api/admin/shortUrl',
        { path: path.trim(), ...(expiresInDays ? { expiresInDays } : {}) },
        created,
      );
      setResult(link);
      publishToast('Short link created.');
    } catch (error) {
      showFieldErrors(form, error);
      publishErrorToast(errorMessage(error, 'the short link', 'created'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PageFrame
      title="Short links"
      subtitle="A short address that opens a page of Carelane, for SMS and email."
    >
      <Form<Request>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        style={{ maxWidth: 520 }}
      >
        <Form.Item
          label="Page"
          name="path"
          extra="An in-app path such as /episode?id=12"
          rules={[
            {
              required: true,
              pattern: /^\/(?![/\\])\S*$/,
              message: 'Enter a path that starts with a single /.',
            },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="Expires after (days)" name="expiresInDays">
          <InputNumber min={1} max={365} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          Create short link
        </Button>
      </Form>
      {result ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 16, maxWidth: 520 }}
          title={
            <>
              <Typography.Text copyable>{result.url}</Typography.Text> opens {result.path}
            </>
          }
        />
      ) : null}
    </PageFrame>
  );
}
