// The typed signature: the clinician types the full name and presses Sign; stored as { name, signedAt }.
import { formatDateTime } from '@carelane/shared-domain';
import { Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';

export type Signature = { name: string; signedAt: string };

export const signatureOf = (value: unknown): Signature | null =>
  value && typeof value === 'object' && typeof (value as Signature).name === 'string'
    ? (value as Signature)
    : null;

export const signatureText = (signature: Signature) =>
  `Signed by ${signature.name} on ${formatDateTime(signature.signedAt)}`;

export type SignatureFieldProps = {
  controlId: string;
  value: unknown;
  required?: boolean;
  describedBy?: string;
  setValue: (value: unknown) => void;
  onBlur?: () => void;
  mobile?: boolean;
};

export function SignatureFieldControl({
  controlId,
  value,
  required,
  describedBy,
  setValue,
  onBlur,
  mobile,
}: SignatureFieldProps) {
  const [name, setName] = useState('');
  const signature = signatureOf(value);
  if (signature) {
    return (
      <Flex gap={12} align="center" wrap>
        <Typography.Text id={controlId}>{signatureText(signature)}</Typography.Text>
        <Button
          onClick={() => {
            setName(signature.name);
            setValue(undefined);
          }}
        >
          Remove signature
        </Button>
      </Flex>
    );
  }
  const sign = () => {
    if (!name.trim()) return;
    setValue({ name: name.trim().replace(/\s+/g, ' '), signedAt: new Date().toISOString() });
    onBlur?.();
  };
  return (
    <Flex gap={8} wrap vertical={mobile}>
      <Input
        id={controlId}
        size={mobile ? 'large' : undefined}
        placeholder="Type your full name"
        autoComplete="name"
        aria-required={required || undefined}
        aria-describedby={describedBy}
        value={name}
        style={{ maxWidth: mobile ? undefined : 320 }}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            sign();
          }
        }}
      />
      <Button type="primary" disabled={!name.trim()} onClick={sign}>
        Sign
      </Button>
    </Flex>
  );
}
