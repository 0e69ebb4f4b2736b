import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AddressAutocomplete } from './AddressAutocomplete';
import { type AddressSuggestion, AddressAutocompleteError } from './fetch-address-suggestions';

const GAZETTEER: AddressSuggestion[] = [
  {
    addressLine1: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zipcode: '78701',
    latitude: 30.2634,
    longitude: -97.7445,
    county: 'Travis',
    country: 'US',
  },
  {
    addressLine1: '1000 Commerce St',
    city: 'Dallas',
    state: 'TX',
    zipcode: '75202',
    latitude: 32.7795,
    longitude: -96.8039,
    county: 'Dallas',
    country: 'US',
  },
  {
    addressLine1: '1200 Main St',
    city: 'Houston',
    state: 'TX',
    zipcode: '77002',
    latitude: 29.7535,
    longitude: -95.3677,
    county: 'Harris',
    country: 'US',
  },
  {
    addressLine1: '12 Mesa St',
    city: 'El Paso',
    state: 'TX',
    zipcode: '79901',
    latitude: 31.7587,
    longitude: -106.4869,
    county: 'El Paso',
    country: 'US',
  },
];

/** Stands in for the maps service, with a little latency. */
const localSuggestions = async (text: string) => {
  await new Promise((resolve) => setTimeout(resolve, 150));
  const words = text.toLowerCase().split(/\s+/);
  return GAZETTEER.filter((item) => {
    const haystack = `${item.addressLine1} ${item.city} ${item.state} ${item.zipcode}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
};

const meta: Meta<typeof AddressAutocomplete> = {
  title: 'Inputs/AddressAutocomplete',
  component: AddressAutocomplete,
  args: { onSelect: fn(), fetchSuggestions: localSuggestions, logger: { error: fn() } },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
};
export default meta;
type Story = StoryObj<typeof AddressAutocomplete>;

/** Type 'main' or '78701': suggestions come 200 ms after the last key. */
export const Suggestions: Story = {};

export const Prefilled: Story = { args: { value: '100 Congress Ave, Austin, TX 78701' } };

/** The maps service answers 500: an error is logged (see Actions) and no suggestions are shown. */
export const ServiceDown: Story = {
  args: {
    fetchSuggestions: async () => {
      throw new AddressAutocompleteError(500);
    },
  },
};
