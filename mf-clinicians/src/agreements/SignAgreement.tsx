// Reading and signing one agreement: the template's text, its fields (one renderer for every definition), the
// signature drawn on a canvas or typed (the keyboard alternative, WCAG 2.1.1), a preview of the PDF and the
// signing itself: the PDF is built in the browser (jspdf, loaded now), uploaded, and the agreement recorded.
import {
  AGREEMENT_MESSAGES,
  agreementFormProblems,
  type AgreementFormData,
  type AgreementTemplate,
  type ClinicianAgreements,
} from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { FormFailure, refresh, showSaveFailure } from '@carelane/shared-ui';
import { Alert, Button, Card, Flex, Form, Input, Radio, Spin, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { AgreementFormFields, formDataOf } from './AgreementFormFields';
import { agreementCalls, loadPdfBuilder } from './agreement-queries';
import type { SignatureInput } from './agreement-pdf';

const SignaturePad = lazy(() => import('./SignaturePad'));

const THING = 'the agreement';
type Mode = 'draw' | 'type';
type Values = { formData?: Record<string, unknown>; typedName?: string };

export const pdfFileName = (template: Pick<AgreementTemplate, 'name' | 'version'>) =>
  `${template.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-v${template.version}.pdf`;

type Props = {
  template: AgreementTemplate;
  clinician: Pick<ClinicianAgreements, 'providerId' | 'providerName'>;
  onSigned: () => void;
  onCancel: () => void;
};
type Collected = { formData: AgreementFormData; signature: SignatureInput };

const signatureOf = (
  mode: Mode,
  typedName: string | undefined,
  drawn: string | null,
): SignatureInput | null => {
  if (mode === 'type') {
    const typed = typedName?.trim() ?? '';
    return typed ? { kind: 'typed', name: typed } : null;
  }
  return drawn ? { kind: 'drawn', dataUrl: drawn } : null;
};

async function makePdf(template: AgreementTemplate, clinicianName: string, collected: Collected) {
  const { buildAgreementPdf } = await loadPdfBuilder();
  return buildAgreementPdf({
    template,
    clinicianName,
    signature: collected.signature,
    data: {
      fileUrl: null,
      credentialFormData: collected.formData,
      signaturePosition: template.signaturePosition,
      signedOn: new Date().toISOString(),
      patientSignature: null,
      patientName: null,
      includeDate: template.includeDate,
    },
  });
}

/** The signing form's state: the signature mode and drawing, previewing the PDF and signing. */
function useSignAgreement({ template, clinician, onSigned }: Omit<Props, 'onCancel'>) {
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<Mode>('draw');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'sign' | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  /** The form's data and signature, checked as the server will; null (with the reason shown) when not ready. */
  const collect = async (): Promise<Collected | null> => {
    setFailure(null);
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return null;
    }
    const formData = formDataOf(template.formFields, values.formData);
    const problems = agreementFormProblems(template.formFields, formData);
    if (problems.length) {
      setFailure(problems.map((p) => `${p.label} ${p.message}.`).join(' '));
      return null;
    }
    const signature = signatureOf(mode, values.typedName, drawn);
    if (!signature) {
      setFailure(
        mode === 'type'
          ? 'Type your name as your signature.'
          : 'Draw your signature, or type your name instead.',
      );
      return null;
    }
    return { formData, signature };
  };

  const showPreview = async () => {
    const collected = await collect();
    if (!collected) return;
    setBusy('preview');
    try {
      const { bytes } = await makePdf(template, clinician.providerName, collected);
      setPreview(URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' })));
    } catch (error) {
      publishErrorToast(errorMessage(error, 'the PDF', 'made'));
    } finally {
      setBusy(null);
    }
  };

  const sign = async () => {
    const collected = await collect();
    if (!collected) return;
    setBusy('sign');
    try {
      const { bytes } = await makePdf(template, clinician.providerName, collected);
      const file = await agreementCalls.uploadPdf(clinician.providerId, pdfFileName(template), bytes);
      await agreementCalls.sign({
        templateId: template.id,
        templateVersion: template.version,
        formData: collected.formData,
        fileId: file.id,
      });
      publishToast(AGREEMENT_MESSAGES.signed);
      onSigned();
    } catch (error) {
      showSaveFailure(form, error, THING, setFailure, {
        fileId: 'Signed PDF',
        file: 'Signed PDF',
        templateId: 'Agreement',
      });
    } finally {
      setBusy(null);
      refresh('providerAgreement', 'agreementTemplate', 'onboarding');
    }
  };

  return { form, mode, setMode, setDrawn, failure, busy, preview, showPreview, sign };
}

function AgreementText({ template }: { template: AgreementTemplate }) {
  return (
    <section
      aria-label={`Text of the ${template.name}`}
      tabIndex={0}
      style={{
        maxHeight: 360,
        overflowY: 'auto',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        padding: 16,
      }}
    >
      {template.body.split(/\n\s*\n/).map((paragraph, i) => (
        <Typography.Paragraph key={i}>{paragraph}</Typography.Paragraph>
      ))}
    </section>
  );
}

function SignatureField({
  mode,
  setMode,
  setDrawn,
}: {
  mode: Mode;
  setMode: (mode: Mode) => void;
  setDrawn: (dataUrl: string | null) => void;
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: 14, marginBottom: 8 }}>Signature</legend>
      <Radio.Group
        value={mode}
        onChange={(event) => setMode(event.target.value as Mode)}
        options={[
          { value: 'draw', label: 'Draw my signature' },
          { value: 'type', label: 'Type my name as signature' },
        ]}
        style={{ marginBottom: 12 }}
      />
      {mode === 'draw' ? (
        <Suspense fallback={<Spin />}>
          <SignaturePad onChange={setDrawn} />
        </Suspense>
      ) : (
        <Form.Item
          label="Type your full name as your signature"
          name="typedName"
          rules={[{ required: true, whitespace: true, message: 'Type your name as your signature.' }]}
          style={{ maxWidth: 420 }}
        >
          <Input
            maxLength={120}
            autoComplete="name"
            style={{ fontFamily: 'cursive, serif', fontStyle: 'italic', fontSize: 20 }}
          />
        </Form.Item>
      )}
    </fieldset>
  );
}

export function SignAgreement({ template, clinician, onSigned, onCancel }: Props) {
  const { form, mode, setMode, setDrawn, failure, busy, preview, showPreview, sign } = useSignAgreement({
    template,
    clinician,
    onSigned,
  });

  return (
    <Card
      title={`${template.name} (version ${template.version})`}
      style={{ maxWidth: 900 }}
      extra={<Button onClick={onCancel}>Back to agreements</Button>}
    >
      <AgreementText template={template} />
      <Form form={form} layout="vertical" requiredMark style={{ marginTop: 16 }} onFinish={() => void sign()}>
        <FormFailure text={failure} />
        <AgreementFormFields fields={template.formFields} />
        <SignatureField mode={mode} setMode={setMode} setDrawn={setDrawn} />
        {template.includeDate ? (
          <Typography.Paragraph type="secondary">
            Today&apos;s date is added beside your signature.
          </Typography.Paragraph>
        ) : null}
        {preview ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={
              <a href={preview} target="_blank" rel="noreferrer">
                Open the PDF preview
              </a>
            }
          />
        ) : null}
        <Flex gap={8} wrap>
          <Button onClick={() => void showPreview()} loading={busy === 'preview'} disabled={busy === 'sign'}>
            Preview PDF
          </Button>
          <Button type="primary" htmlType="submit" loading={busy === 'sign'} disabled={busy === 'preview'}>
            Sign agreement
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
