// Pieces the areas' pages share (first written for scheduling's physicians, organizations, contacts, groups,
// supply requests, archive and onboarding): in-app links, the `?id=` of detail pages, field errors, address fields.
import {
  STATE_CODE_PATTERN,
  mapsAutocompleteResponseSchema,
  mapsGeocodeResponseSchema,
  type MapAddress,
} from '@carelane/shared-domain';
import { apiClient, getQueryClient, navigateTo, useUrlState } from '@carelane/shared-session';
import { AddressAutocomplete } from '../address-autocomplete/AddressAutocomplete';
import type { FetchSuggestions } from '../address-autocomplete/fetch-address-suggestions';
import { Flex, Form, Input, type FormInstance } from 'antd';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { z } from 'zod';

/** A form rule for a state field: the two-letter postal code the API takes (shared-domain's stateCodeSchema). */
export const STATE_CODE_RULE = { pattern: STATE_CODE_PATTERN, message: 'Use the 2-letter state code.' };

/** A link to an in-app path, followed through the bus (a modified click still opens a new tab). */
export function AreaLink({ to, children }: { to: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateTo(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}

const idSchema = z.object({ id: z.coerce.number().int().positive().optional() });

/** The `?id=` of a detail page; undefined on the "new" form. */
export function useIdParam(): number | undefined {
  return useUrlState(idSchema)[0].id;
}

/**
 * A form's onKeyDown: Enter in one of its text fields does not submit it (a field commits what was typed on
 * Enter, and the form is sent only by its button, so nothing is added unseen).
 */
export function noSubmitOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
}

/** Refetches every cached query of these entities (query keys start with the entity name). */
export function refresh(...entities: string[]): void {
  for (const entity of entities) void getQueryClient().invalidateQueries({ queryKey: [entity] });
}

/** Empty form text is sent as null, so a cleared field is cleared on the server. */
export function nullIfBlank<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value,
    ]),
  ) as T;
}

export type AddressValues = {
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

/**
 * Address suggestions ranked near an organization (the API ranks near an organization user's own; staff name
 * the organization the form is for).
 */
export function suggestionsNear(referralSourceId: number | null | undefined): FetchSuggestions {
  return async (text, signal) =>
    (
      await apiClient.get('/api/maps/autocomplete', mapsAutocompleteResponseSchema, {
        searchParams: { q: text, referralSourceId },
        signal,
      })
    ).suggestions;
}

/**
 * Address fields of a form: the street line suggests addresses (shared-ui's AddressAutocomplete, ranked near
 * `referralSourceId`) and a picked one fills city, state, ZIP code and the latitude/longitude the maps use.
 */
export function AddressFields({
  form,
  line2 = true,
  referralSourceId,
  hints,
}: {
  form: FormInstance;
  line2?: boolean;
  referralSourceId?: number | null;
  /** A line under a field (the intake assistant: how sure it is of the value it read). */
  hints?: Partial<Record<'addressLine1' | 'city' | 'state' | 'zipcode', ReactNode>>;
}) {
  return (
    <>
      <Form.Item label="Address" name="addressLine1" extra={hints?.addressLine1}>
        <AddressAutocomplete
          ariaLabel="Address"
          fetchSuggestions={suggestionsNear(referralSourceId)}
          onSelect={(address) =>
            form.setFieldsValue({
              addressLine1: address.addressLine1,
              city: address.city,
              state: address.state,
              zipcode: address.zipcode,
              latitude: address.latitude,
              longitude: address.longitude,
            })
          }
        />
      </Form.Item>
      {line2 ? (
        <Form.Item label="Address line 2" name="addressLine2">
          <Input />
        </Form.Item>
      ) : null}
      <Flex gap={16} wrap>
        <Form.Item label="City" name="city" extra={hints?.city} style={{ flex: 2, minWidth: 160 }}>
          <Input />
        </Form.Item>
        <Form.Item
          label="State"
          name="state"
          extra={hints?.state}
          rules={[STATE_CODE_RULE]}
          style={{ width: 90 }}
        >
          <Input maxLength={2} />
        </Form.Item>
        <Form.Item
          label="ZIP code"
          name="zipcode"
          extra={hints?.zipcode}
          rules={[{ pattern: /^\d{5}(-\d{4})?$/, message: 'Enter a 5-digit ZIP code.' }]}
          style={{ width: 130 }}
        >
          <Input inputMode="numeric" />
        </Form.Item>
      </Flex>
      <Form.Item name="latitude" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="longitude" hidden>
        <Input />
      </Form.Item>
    </>
  );
}

/** The error line under a form, read out when it appears. */
export function FormFailure({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div role="alert" style={{ color: '#b42318', marginBottom: 12 }}>
      {text}
    </div>
  );
}

/** The place of a typed 5-digit ZIP code (city, state, centre point), or null when the maps service has none. */
export async function lookUpZipcode(zipcode: string): Promise<MapAddress | null> {
  if (!/^\d{5}$/.test(zipcode.trim())) return null;
  try {
    const answer = await apiClient.get('/api/maps/geocode', mapsGeocodeResponseSchema, {
      searchParams: { address: zipcode.trim() },
    });
    return answer.results.find((result) => result.zipcode === zipcode.trim()) ?? answer.results[0] ?? null;
  } catch {
    // The fields stay as typed; the ZIP code alone is enough to save.
    return null;
  }
}
