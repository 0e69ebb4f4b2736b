import type { GoalTemplate } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, renderPage, type ApiCall, type RenderedPage } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import GoalTemplatesPage from './GoalTemplatesPage';
import { germanFillInProblem, phraseParts } from './template-list';
import { TEMPLATE_RELOADED, TEMPLATE_SAVED } from './TemplateFormModal';

// antd tables, selects and modals render slowly in jsdom on a busy machine.
jest.setTimeout(90_000);

const device: GoalTemplate = {
  id: 1,
  category: 'Sensory',
  person: 'Patient',
  action: 'will demonstrate',
  phrase: 'proper use and care of {device}',
  phraseDe: 'die richtige Anwendung und Pflege von {device}',
  version: 0,
};
const glucose: GoalTemplate = {
  id: 2,
  category: 'Endocrine',
  person: 'Patient',
  action: 'will demonstrate',
  phrase: 'blood glucose between {low} and {high} mg/dL',
  phraseDe: 'einen Blutzucker zwischen {low} und {high} mg/dL',
  version: 4,
};
const hypo: GoalTemplate = {
  id: 3,
  category: 'Endocrine',
  person: 'Caregiver',
  action: 'will verbalize',
  phrase: 'the signs of hypoglycemia',
  phraseDe: null,
  version: 0,
};
const LIBRARY = [device, glucose, hypo];

type Answers = {
  list?: (call: ApiCall) => Response;
  create?: (call: ApiCall) => Response;
  update?: (call: ApiCall) => Response;
};

function open(url: string, answers: Answers = {}, roleId = 1): RenderedPage {
  return renderPage(<GoalTemplatesPage />, {
    url,
    roleId,
    route: (call) => {
      if (call.url.pathname === '/api/notes/templates' && call.method === 'GET')
        return answers.list ? answers.list(call) : jsonResponse({ rows: LIBRARY });
      if (call.url.pathname === '/api/notes/templates' && call.method === 'POST')
        return answers.create?.(call) ?? jsonResponse({ ...(call.body as object), id: 9, version: 0 }, 201);
      if (call.url.pathname.startsWith('/api/notes/templates/') && call.method === 'PUT')
        return answers.update?.(call) ?? jsonResponse({ ...(call.body as object), id: 2, version: 5 });
      return undefined;
    },
  });
}

const table = () => screen.findByRole('table', { name: 'Goal templates' });
const search = () => new URLSearchParams(location.search);
const writes = (page: RenderedPage) => page.calls.filter((call) => call.method !== 'GET');
const listReads = (page: RenderedPage) => page.calls.filter((call) => call.method === 'GET').length;
/** The phrases of the table's rows, top to bottom. */
const phrasesShown = (tableElement: HTMLElement) =>
  within(tableElement)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell')[3]?.textContent ?? '');

/** The open modal, once it shows this title (in jsdom antd's ids do not name the dialog). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title, { selector: '.ant-modal-title' })).toBeTruthy();
  return dialog;
}

/** Opens the edit dialog of the blood glucose template once the table shows it. */
async function editGlucoseTemplate(): Promise<HTMLElement> {
  await within(await table()).findByText('blood glucose between');
  fireEvent.click(
    screen.getByRole('button', { name: /^Edit the goal template Endocrine: Patient will demonstrate blood/ }),
  );
  return dialogTitled('Edit goal template');
}

function type(label: string, value: string) {
  fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(label), { target: { value } });
}

describe('template-list', () => {
  it('marks the fill-ins of a phrase', () => {
    expect(phraseParts('below {systolic}/{diastolic} mmHg')).toEqual([
      { text: 'below ', fillIn: false },
      { text: '{systolic}', fillIn: true },
      { text: '/', fillIn: false },
      { text: '{diastolic}', fillIn: true },
      { text: ' mmHg', fillIn: false },
    ]);
  });

  it('wants the German text to have the fill-ins of the phrase', () => {
    expect(germanFillInProblem('between {low} and {high}', 'zwischen {high} und {low}')).toBeNull();
    expect(germanFillInProblem('between {low} and {high}', null)).toBeNull();
    expect(germanFillInProblem('between {low} and {high}', 'zwischen {low}')).toBe(
      'German text must have the same fill-ins as the phrase ({high}, {low}); it has {low}.',
    );
  });
});

describe('GoalTemplatesPage', () => {
  it('lists the phrase library: category, person, action, phrase with its fill-ins, German text', async () => {
    const page = open('/noteTemplates');
    expect(await screen.findByRole('heading', { level: 1, name: 'Goal templates' })).toBeTruthy();
    const list = await table();
    expect(await within(list).findByText('blood glucose between', { exact: false })).toBeTruthy();
    const row = within(list).getByText('proper use and care of').closest('tr')!;
    expect(within(row).getByText('Sensory')).toBeTruthy();
    expect(within(row).getByText('Patient')).toBeTruthy();
    expect(within(row).getByText('will demonstrate')).toBeTruthy();
    expect(row.textContent).toContain('die richtige Anwendung und Pflege von {device}');
    expect(row.querySelector('[lang="de"]')?.textContent).toBe(
      'die richtige Anwendung und Pflege von {device}',
    );
    const hypoRow = within(list).getByText('the signs of hypoglycemia').closest('tr')!;
    expect(within(hypoRow).getByText('—')).toBeTruthy();
    expect(screen.getByText('Showing 1–3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New goal template' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Edit the goal template/ })).toHaveLength(3);
    page.done();
  });

  it('filters by category and by the search text, both kept in the URL', async () => {
    const page = open('/noteTemplates');
    const list = await table();
    await within(list).findByText('proper use and care of');
    await choose('Category filter', 'Endocrine');
    await waitFor(() => expect(search().get('category')).toBe('Endocrine'));
    await waitFor(() => expect(within(list).queryByText('proper use and care of')).toBeNull());
    expect(screen.getByText('Showing 1–2 of 2')).toBeTruthy();

    const box = screen.getByRole('searchbox', { name: 'Search goal templates' });
    fireEvent.change(box, { target: { value: 'hypoglycemia' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(search().get('search')).toBe('hypoglycemia'));
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1')).toBeTruthy());
    expect(within(list).getByText('the signs of hypoglycemia')).toBeTruthy();
    page.done();
  });

  it('reads its filters from the URL and says so when nothing matches', async () => {
    const page = open('/noteTemplates?category=Endocrine&search=glucose');
    const list = await table();
    expect(await within(list).findByText('blood glucose between')).toBeTruthy();
    expect(within(list).queryByText('the signs of hypoglycemia')).toBeNull();
    expect(screen.getByText('Showing 1–1 of 1')).toBeTruthy();
    page.done();

    const none = open('/noteTemplates?search=nothing-like-this');
    expect(await screen.findByText('No goal templates match these filters.')).toBeTruthy();
    expect(screen.getByText('No results')).toBeTruthy();
    none.done();
  });

  it('sorts by a column, the sort in the URL', async () => {
    const page = open('/noteTemplates');
    const list = await table();
    await within(list).findByText('proper use and care of');
    fireEvent.click(within(list).getByText('Phrase'));
    await waitFor(() => expect(search().get('sort')).toBe('phrase'));
    await waitFor(() =>
      expect(phrasesShown(list)).toEqual([
        'blood glucose between {low} and {high} mg/dL',
        'proper use and care of {device}',
        'the signs of hypoglycemia',
      ]),
    );
    page.done();

    const descending = open('/noteTemplates?sort=-phrase');
    const again = await table();
    await within(again).findByText('proper use and care of');
    expect(phrasesShown(again)[0]).toBe('the signs of hypoglycemia');
    descending.done();
  });

  it('adds a template: the form sends what was typed, says it was saved and reads the library again', async () => {
    const page = open('/noteTemplates');
    await within(await table()).findByText('proper use and care of');
    const readsBefore = listReads(page);
    fireEvent.click(screen.getByRole('button', { name: 'New goal template' }));
    const dialog = await dialogTitled('New goal template');
    await choose('Category', 'Falls');
    type('Person', 'Patient/Caregiver');
    type('Action', 'will verbalize');
    type('Phrase', '  {number} fall risks in the home  ');
    expect(await within(dialog).findByText(/Fill-ins: number\./)).toBeTruthy();
    type('German text', '{number} Sturzrisiken im Haushalt');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    await waitFor(() => expect(page.toasts).toEqual([TEMPLATE_SAVED]));
    expect(writes(page).map((call) => [call.method, call.url.pathname, call.body])).toEqual([
      [
        'POST',
        '/api/notes/templates',
        {
          category: 'Falls',
          person: 'Patient/Caregiver',
          action: 'will verbalize',
          phrase: '{number} fall risks in the home',
          phraseDe: '{number} Sturzrisiken im Haushalt',
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listReads(page)).toBeGreaterThan(readsBefore));
    page.done();
  });

  it('refuses to send a form the API would refuse, naming each field', async () => {
    const page = open('/noteTemplates');
    await within(await table()).findByText('proper use and care of');
    fireEvent.click(screen.getByRole('button', { name: 'New goal template' }));
    const dialog = await dialogTitled('New goal template');
    type('Phrase', '   ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    expect(await within(dialog).findByText('Choose the category.')).toBeTruthy();
    expect(within(dialog).getByText('Enter the person (for example Patient).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the action (for example will demonstrate).')).toBeTruthy();
    expect(within(dialog).getByText('Enter the phrase.')).toBeTruthy();

    type('Phrase', `${'x'.repeat(500)} {x}`);
    type('German text', 'ohne Lücke');
    expect(
      await within(dialog).findByText('Phrase can be at most 500 characters (it has 504).'),
    ).toBeTruthy();
    expect(
      await within(dialog).findByText(
        'German text must have the same fill-ins as the phrase ({x}); it has none.',
      ),
    ).toBeTruthy();
    expect(writes(page)).toEqual([]);
    page.done();
  });

  it('shows the field errors of a 400 answer on their fields', async () => {
    const page = open('/noteTemplates', {
      create: () =>
        apiError(400, 'person: Too big', [{ field: 'person', message: 'must be at most 100 characters' }]),
    });
    await within(await table()).findByText('proper use and care of');
    fireEvent.click(screen.getByRole('button', { name: 'New goal template' }));
    const dialog = await dialogTitled('New goal template');
    await choose('Category', 'Pain');
    type('Person', 'Patient');
    type('Action', 'will have');
    type('Phrase', 'pain at or below {level}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    expect(await within(dialog).findByText('must be at most 100 characters')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Sorry, the goal template could not be saved. Person: must be at most 100 characters',
    );
    expect(page.toasts).toEqual([]);
    page.done();
  });

  it('edits a template with the version it was read at', async () => {
    const page = open('/noteTemplates');
    const dialog = await editGlucoseTemplate();
    expect((within(dialog).getByLabelText('Phrase') as HTMLTextAreaElement).value).toBe(glucose.phrase);
    expect((within(dialog).getByLabelText('German text') as HTMLTextAreaElement).value).toBe(
      glucose.phraseDe,
    );
    type('Phrase', 'fasting blood glucose between {low} and {high} mg/dL');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(page.toasts).toEqual([TEMPLATE_SAVED]));
    const [put] = writes(page);
    expect(put!.method).toBe('PUT');
    expect(put!.url.pathname).toBe('/api/notes/templates/2');
    expect(put!.body).toEqual({
      category: 'Endocrine',
      person: 'Patient',
      action: 'will demonstrate',
      phrase: 'fasting blood glucose between {low} and {high} mg/dL',
      phraseDe: glucose.phraseDe,
      version: 4,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    page.done();
  });

  it('a change someone else saved first (409): says so, reloads the template, and saves on its new version', async () => {
    const stale =
      'This goal template was changed by someone else since you opened it. Reload it and make your change again.';
    const theirs: GoalTemplate = {
      ...glucose,
      phrase: 'blood glucose from {low} to {high} mg/dL',
      version: 5,
    };
    let saved = false;
    const page = open('/noteTemplates', {
      // Their change is on the server from the first refused save on.
      list: () => jsonResponse({ rows: [device, saved ? theirs : glucose, hypo] }),
      update: (call) => {
        if ((call.body as { version: number }).version === 4) {
          saved = true;
          return apiError(409, stale);
        }
        return jsonResponse({ ...(call.body as object), id: 2, version: 6 });
      },
    });
    const dialog = await editGlucoseTemplate();
    type('Action', 'will keep');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(`Sorry, the goal template could not be saved. ${stale}`);
    expect(page.toasts).toEqual([]);

    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await within(dialog).findByText(TEMPLATE_RELOADED)).toBeTruthy();
    expect((within(dialog).getByLabelText('Phrase') as HTMLTextAreaElement).value).toBe(theirs.phrase);
    expect((within(dialog).getByLabelText('Action') as HTMLInputElement).value).toBe('will demonstrate');
    expect(within(dialog).queryByText(stale, { exact: false })).toBeNull();
    await within(await table()).findByText('blood glucose from', { exact: false });

    type('Action', 'will keep');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(page.toasts).toEqual([TEMPLATE_SAVED]));
    expect(writes(page).map((call) => (call.body as { version: number }).version)).toEqual([4, 5]);
    expect(writes(page)[1]!.body).toMatchObject({ action: 'will keep', phrase: theirs.phrase });
    page.done();
  });

  it('others who may open it read the library without add or edit', async () => {
    const page = open('/noteTemplates', {}, 5);
    await within(await table()).findByText('proper use and care of');
    expect(screen.getByText(/Only an administrator can change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New goal template' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit the goal template/ })).toBeNull();
    page.done();
  });

  it('says when the library is empty, and shows the error with a retry when it cannot be loaded', async () => {
    const empty = open('/noteTemplates', { list: () => jsonResponse({ rows: [] }) });
    expect(await screen.findByText('The phrase library is empty.')).toBeTruthy();
    empty.done();

    const failing = open('/noteTemplates', { list: () => apiError(500, 'Something went wrong.') });
    expect(await screen.findByText(/Sorry, the goal templates could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeTruthy();
    failing.done();
  });

  it('has no serious or critical axe violations (list, form open, form with errors)', async () => {
    const page = open('/noteTemplates');
    await within(await table()).findByText('proper use and care of');
    // The page, then the modal alone (a portal outside the page): axe over all of jsdom's body is slow.
    const check = async (where: string, element: Element) => {
      const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } });
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect({ where, bad: bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`) }).toEqual({
        where,
        bad: [],
      });
    };
    await check('list', page.container);
    fireEvent.click(screen.getByRole('button', { name: 'New goal template' }));
    const dialog = await dialogTitled('New goal template');
    await check('form', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add template' }));
    await within(dialog).findByText('Enter the phrase.');
    await check('form with errors', dialog);
    page.done();
  }, 180_000);
});
