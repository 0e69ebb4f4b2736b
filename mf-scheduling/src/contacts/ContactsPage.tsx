import { contactSchema, type Contact, type ContactInput } from '@carelane/shared-domain';
import {
  apiClient,
  canOpen,
  errorMessage,
  publishErrorToast,
  publishToast,
  useSession,
  useUrlState,
} from '@carelane/shared-session';
import {
  EmptyState,
  NameFields,
  PageFrame,
  PhoneInput,
  listFilterFields,
  ListSearch,
  ListTable,
  phoneColumn,
  phoneText as phone,
  textColumn,
  loadState,
  FormFailure,
  nullIfBlank,
  refresh,
  useBusy,
  useSaveCall,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Switch,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { referralSourceQueries } from '../referral-sources/referral-source-queries';
import { contactQueries } from './contact-queries';

/** Our texts: SPEC §8 lists contact save and delete failures but no success toast. */
export const CONTACT_SAVED = 'Contact saved.';
export const CONTACT_DELETED = 'Contact deleted.';

/** Filters and the contact shown in the side panel live in the URL. */
const filtersSchema = z.object({
  ...listFilterFields,
  referralSourceId: z.coerce.number().int().positive().optional(),
  isCaseManager: z.enum(['true', 'false']).optional(),
  contactId: z.coerce.number().int().positive().optional(),
});

const messageAnswer = z.object({ message: z.string() });

type ContactForm = ContactInput;

function ContactFormModal({
  contact,
  onClose,
}: {
  contact: Contact | null;
  onClose: (saved?: Contact) => void;
}) {
  const [form] = Form.useForm<ContactForm>();
  const { busy, failure, save } = useSaveCall(form, 'contact');
  const organizations = useQuery(referralSourceQueries.choices());

  const submit = (values: ContactForm) =>
    save(async () => {
      const body = { ...nullIfBlank(values), isCaseManager: values.isCaseManager ?? false };
      const saved = contact
        ? await apiClient.put(
            `/api/admin/contacts/${contact.id}`,
            { ...body, version: contact.version },
            contactSchema,
          )
        : await apiClient.post('/api/admin/contacts', body, contactSchema);
      publishToast(CONTACT_SAVED);
      refresh('contact');
      onClose(saved);
    });

  return (
    <Modal
      open
      title={contact ? 'Edit contact' : 'New contact'}
      okText="Save contact"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      <Form<ContactForm>
        form={form}
        layout="vertical"
        initialValues={contact ?? { isCaseManager: false }}
        onFinish={(values) => void submit(values)}
      >
        <NameFields />
        <Flex gap={16}>
          <Form.Item label="Title" name="title" style={{ flex: 1 }}>
            <Input />
          </Form.Item>
          <Form.Item label="Relationship" name="relationship" style={{ flex: 1 }}>
            <Input />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Email"
          name="email"
          rules={[{ type: 'email', message: 'Enter a valid email address.' }]}
        >
          <Input type="email" />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item label="Phone" name="phoneNumber" style={{ flex: 1 }}>
            <PhoneInput />
          </Form.Item>
          <Form.Item label="Primary phone" name="primaryPhone" style={{ flex: 1 }}>
            <PhoneInput />
          </Form.Item>
        </Flex>
        <Form.Item label="Organization" name="referralSourceId">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="None"
            loading={organizations.isPending}
            options={(organizations.data?.rows ?? []).map((org) => ({ value: org.id, label: org.name }))}
          />
        </Form.Item>
        <Form.Item label="Case manager" name="isCaseManager" valuePropName="checked">
          <Switch />
        </Form.Item>
        <FormFailure text={failure} />
      </Form>
    </Modal>
  );
}

function ContactPanel({
  contactId,
  editable,
  onEdit,
  onDeleted,
}: {
  contactId: number;
  editable: boolean;
  onEdit: (contact: Contact) => void;
  onDeleted: () => void;
}) {
  const contact = useQuery(contactQueries.one(contactId));
  const { busy, run } = useBusy();
  const loaded = loadState(contact, 'the contact');
  if (!loaded.data) return loaded.fallback;
  const c = loaded.data;
  const remove = () =>
    run(async () => {
      try {
        await apiClient.delete(`/api/admin/contacts/${c.id}?version=${c.version}`, messageAnswer);
        publishToast(CONTACT_DELETED);
        refresh('contact');
        onDeleted();
      } catch (error) {
        publishErrorToast(errorMessage(error, 'contact', 'deleted'));
      }
    });
  return (
    <Flex vertical gap={12}>
      <Descriptions column={1} size="small" title={`${c.firstName} ${c.lastName}`}>
        <Descriptions.Item label="Title">{c.title ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Relationship">{c.relationship ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Organization">{c.referralSourceName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Email">
          {c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Phone">{phone(c.phoneNumber)}</Descriptions.Item>
        <Descriptions.Item label="Primary phone">{phone(c.primaryPhone)}</Descriptions.Item>
        <Descriptions.Item label="Case manager">{c.isCaseManager ? 'Yes' : 'No'}</Descriptions.Item>
      </Descriptions>
      {editable ? (
        <Flex gap={8}>
          <Button onClick={() => onEdit(c)}>Edit</Button>
          <Popconfirm
            title={`Delete ${c.firstName} ${c.lastName}?`}
            description="The contact is removed from lists; service requests that name them keep the name."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={remove}
          >
            <Button danger loading={busy}>
              Delete
            </Button>
          </Popconfirm>
        </Flex>
      ) : null}
    </Flex>
  );
}

/** `/contacts`: the list, with the selected contact's details beside it (SPEC §2). */
export default function ContactsPage() {
  const session = useSession();
  const editable = canOpen(session, 'contacts');
  const [filters, setFilters] = useUrlState(filtersSchema);
  const { contactId, ...listFilters } = filters;
  const contacts = useQuery(contactQueries.list(listFilters));
  const organizations = useQuery(referralSourceQueries.choices());
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);

  const columns: TableColumnsType<Contact> = [
    {
      title: 'Name',
      key: 'name',
      render: (_v, row) => (
        <Button
          type="link"
          style={{ padding: 0 }}
          aria-pressed={row.id === contactId}
          onClick={() => setFilters({ contactId: row.id })}
        >
          {`${row.lastName}, ${row.firstName}`}
        </Button>
      ),
    },
    textColumn('Title', 'title'),
    textColumn('Organization', 'referralSourceName', 'org'),
    phoneColumn('phoneNumber'),
    {
      title: 'Case manager',
      dataIndex: 'isCaseManager',
      key: 'isCaseManager',
      render: (yes: boolean) => (yes ? <Tag color="blue">Case manager</Tag> : null),
    },
  ];

  return (
    <PageFrame
      title="Contacts"
      actions={
        editable ? (
          <Button type="primary" onClick={() => setEditing('new')}>
            New contact
          </Button>
        ) : null
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <ListSearch
          label="Search contacts"
          placeholder="Name, email or title"
          width={260}
          search={filters.search}
          setFilters={setFilters}
        />
        <Select
          aria-label="Organization"
          placeholder="Any organization"
          allowClear
          showSearch
          optionFilterProp="label"
          value={filters.referralSourceId}
          options={(organizations.data?.rows ?? []).map((org) => ({ value: org.id, label: org.name }))}
          onChange={(id?: number) => setFilters({ referralSourceId: id ?? null, pageNumber: null })}
          style={{ width: 240 }}
        />
        <Select
          aria-label="Case managers"
          placeholder="Everyone"
          allowClear
          value={filters.isCaseManager}
          options={[
            { value: 'true', label: 'Case managers' },
            { value: 'false', label: 'Not case managers' },
          ]}
          onChange={(value?: string) => setFilters({ isCaseManager: value ?? null, pageNumber: null })}
          style={{ width: 180 }}
        />
      </Flex>
      <Flex gap={16} align="start" wrap>
        <div style={{ flex: '2 1 560px', minWidth: 0 }}>
          <ListTable<Contact>
            query={contacts}
            thing="the contacts"
            label="Contacts"
            columns={columns}
            emptyText="No contacts match these filters."
            filters={filters}
            setFilters={setFilters}
          />
        </div>
        <Card title="Contact" style={{ flex: '1 1 300px' }} aria-label="Selected contact">
          {contactId ? (
            <ContactPanel
              key={contactId}
              contactId={contactId}
              editable={editable}
              onEdit={setEditing}
              onDeleted={() => setFilters({ contactId: null })}
            />
          ) : (
            <EmptyState title="Choose a contact to see their details." />
          )}
        </Card>
      </Flex>
      {editing ? (
        <ContactFormModal
          contact={editing === 'new' ? null : editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setFilters({ contactId: saved.id });
          }}
        />
      ) : null}
    </PageFrame>
  );
}
