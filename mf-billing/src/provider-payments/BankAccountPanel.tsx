// A clinician's bank account for their pay: the one on file, masked ('****6789'), and the form that saves a new
// one. The form checks what shared-domain's bankAccountInputSchema checks (9-digit routing number with a valid
// ABA check digit, an account number of digits) before anything is sent, and puts the server's field errors on
// their fields. A full account number is never shown back: once saved, the form is emptied and only the masked
// one shows. A clinician sees their own (their provider id from their onboarding state); staff the clinician
// chosen on the page.
import {
  BANK_ACCOUNT_TYPES,
  bankAccountInputSchema,
  formatDateTime,
  type BankAccountInput,
} from '@carelane/shared-domain';
import { errorMessage, getQueryClient, publishToast } from '@carelane/shared-session';
import { EmptyState, ErrorState, FormFailure, noSubmitOnEnter, useFormCall } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Form, Input, Radio, Spin, Typography, type FormRule } from 'antd';
import { payCalls, payQueries, refreshBankAccount } from './pay-queries';

const LABELS = {
  routingNumber: 'Routing number',
  accountNumber: 'Account number',
  accountType: 'Account type',
};

const SAVE_FAILURE = {
  thing: 'the bank account',
  action: 'saved',
  places: { routingNumber: 'routingNumber', accountNumber: 'accountNumber', accountType: 'accountType' },
  labels: LABELS,
};
const TYPE_LABELS: Record<BankAccountInput['accountType'], string> = {
  checking: 'Checking',
  savings: 'Savings',
};

/** A field rule from the shared schema: its first problem, named by the field's label. */
function schemaRule(field: 'routingNumber' | 'accountNumber'): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const parsed = bankAccountInputSchema.shape[field].safeParse(value ?? '');
      if (!parsed.success) throw new Error(`${LABELS[field]} ${parsed.error.issues[0]!.message}.`);
    },
  };
}

export function BankAccountPanel({ staff, providerId }: { staff: boolean; providerId: number | undefined }) {
  const own = useQuery({ ...payQueries.ownProviderId(), enabled: !staff });
  if (staff && providerId === undefined)
    return <EmptyState title="Choose a clinician above to see or change their bank account." />;
  if (!staff && own.isError)
    return (
      <ErrorState
        message={errorMessage(own.error, 'your clinician record', 'loaded')}
        onRetry={() => void own.refetch()}
      />
    );
  const id = staff ? providerId : own.data;
  if (id === undefined) return <Spin aria-label="Loading the bank account" />;
  return <BankAccountCard key={id} providerId={id} own={!staff} />;
}

function BankAccountCard({ providerId, own }: { providerId: number; own: boolean }) {
  const account = useQuery(payQueries.bankAccount(providerId));
  const [form] = Form.useForm<BankAccountInput>();
  const { busy, failure, call } = useFormCall(form);

  if (account.isError)
    return (
      <ErrorState
        message={errorMessage(account.error, 'the bank account', 'loaded')}
        onRetry={() => void account.refetch()}
      />
    );
  if (!account.data) return <Spin aria-label="Loading the bank account" />;
  const current = account.data.bankAccount;

  const submit = (values: BankAccountInput) =>
    call(SAVE_FAILURE, async () => {
      const result = await payCalls.saveBankAccount(providerId, bankAccountInputSchema.parse(values));
      publishToast(result.message);
      form.resetFields();
      // The saved account as the server answered it (masked), at once; the pay list's hasBankAccount follows.
      getQueryClient().setQueryData(payQueries.bankAccount(providerId).queryKey, {
        bankAccount: result.bankAccount,
      });
      refreshBankAccount();
    });

  return (
    <Flex vertical gap={16} style={{ maxWidth: 560 }}>
      <Card size="small" title={own ? 'Your bank account' : 'Bank account on file'}>
        {current ? (
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'type', label: 'Account type', children: TYPE_LABELS[current.accountType] },
              { key: 'routing', label: 'Routing number', children: current.routingNumber },
              { key: 'account', label: 'Account number', children: current.accountMasked },
              { key: 'updated', label: 'Updated', children: formatDateTime(current.updatedAt) },
            ]}
          />
        ) : (
          <Typography.Text>
            {own
              ? 'You have no bank account on file: your pay cannot be sent until you add one.'
              : 'No bank account on file: this clinician cannot be paid until one is added.'}
          </Typography.Text>
        )}
      </Card>
      <Card size="small" title={current ? 'Change the bank account' : 'Add a bank account'}>
        <Form<BankAccountInput>
          form={form}
          layout="vertical"
          aria-label={current ? 'Change the bank account' : 'Add a bank account'}
          initialValues={{ routingNumber: '', accountNumber: '', accountType: 'checking' }}
          onKeyDown={noSubmitOnEnter}
          onFinish={(values) => void submit(values)}
        >
          <FormFailure text={failure} />
          <Form.Item label={LABELS.accountType} name="accountType" required>
            <Radio.Group
              aria-label={LABELS.accountType}
              options={BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
            />
          </Form.Item>
          <Form.Item
            label={LABELS.routingNumber}
            name="routingNumber"
            required
            validateFirst
            rules={[schemaRule('routingNumber')]}
            extra="The 9-digit ABA number of the bank."
          >
            <Input inputMode="numeric" maxLength={9} autoComplete="off" />
          </Form.Item>
          <Form.Item
            label={LABELS.accountNumber}
            name="accountNumber"
            required
            rules={[schemaRule('accountNumber')]}
            extra="Digits only, up to 17. Once saved, only its last 4 digits are shown."
          >
            <Input inputMode="numeric" maxLength={17} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            Save bank account
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
