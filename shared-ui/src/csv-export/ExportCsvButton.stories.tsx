import type { Meta, StoryObj } from '@storybook/react-vite';
import { csvFile } from './csv-file';
import { ExportCsvButton } from './ExportCsvButton';

const slowly = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const meta: Meta<typeof ExportCsvButton> = { title: 'Lists/ExportCsvButton', component: ExportCsvButton };
export default meta;
type Story = StoryObj<typeof ExportCsvButton>;

/** Busy while the rows are read (a second here), then the file is saved. */
export const Saves: Story = {
  args: {
    thing: 'the unpaid visits',
    file: async () => {
      await slowly(1000);
      return csvFile('Patient,Date\n"Doe, Jane",6/4/2030\n', 'unpaid-visits.csv');
    },
  },
};

/** A failed export: the button is ready again and an error toast says what could not be exported. */
export const Fails: Story = {
  args: {
    thing: 'the unpaid visits',
    file: async () => {
      await slowly(500);
      throw new Error('The server is down.');
    },
  },
};
