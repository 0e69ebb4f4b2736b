import { apiError, renderPage } from '@carelane/shared-ui/testing';
import { jsonResponse } from '@carelane/shared-session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeChat, message, topic } from '../chat/test-fixtures';
import CollaborationPage from './CollaborationPage';

jest.setTimeout(60_000);

const careTeam = topic(7, 'Wound care for Jane Doe', { lastMessage: message(1, 'Hello team.') });
const direct = topic(8, 'Nina Park', { kind: 'direct', episodeId: null });
const opened = topic(9, 'Night shifts at Oak Lodge');

describe('CollaborationPage', () => {
  it("lists only care-team topics, and opens a service request's care-team topic by its id", async () => {
    const chat = fakeChat([careTeam, direct], { 7: [message(1, 'Hello team.')], 9: [] });
    const page = renderPage(<CollaborationPage />, {
      url: '/collaboration',
      route: (call) => {
        if (call.url.pathname === '/api/chat/topics' && call.method === 'POST') {
          const { episodeId } = call.body as { episodeId: number };
          if (episodeId !== 90)
            return apiError(403, 'Only the members of this conversation can see or write in it.');
          chat.topics.push(opened);
          return jsonResponse({ topic: opened }, 201);
        }
        return chat.route(call);
      },
    });
    const list = await screen.findByRole('navigation', { name: 'Your care-team conversations' });
    expect(within(list).getAllByRole('button')).toEqual([
      within(list).getByRole('button', { name: /^Wound care for Jane Doe/ }),
    ]);
    const listCall = page.calls.find((call) => call.url.pathname === '/api/chat/topics')!;
    expect(listCall.url.searchParams.get('kind')).toBe('careTeam');

    const user = userEvent.setup();
    const id = screen.getByRole('spinbutton', { name: 'Service request id' });
    await user.type(id, '55');
    await user.click(screen.getByRole('button', { name: 'Open its care-team conversation' }));
    expect(
      await screen.findByText(
        "Sorry, the service request's conversation could not be opened. Only the members of this conversation can see or write in it.",
      ),
    ).toBeTruthy();
    await user.clear(id);
    await user.type(id, '90');
    await user.click(screen.getByRole('button', { name: 'Open its care-team conversation' }));
    await waitFor(() => expect(globalThis.location.search).toBe('?topic=9'));
    expect(await screen.findByText('No messages in this topic yet.')).toBeTruthy();
    const posts = page.calls.filter(
      (call) => call.url.pathname === '/api/chat/topics' && call.method === 'POST',
    );
    expect(posts.map((call) => call.body)).toEqual([
      { kind: 'careTeam', episodeId: 55 },
      { kind: 'careTeam', episodeId: 90 },
    ]);
    expect(
      await within(screen.getByRole('navigation', { name: 'Your care-team conversations' })).findByRole(
        'button',
        {
          name: /^Night shifts at Oak Lodge/,
        },
      ),
    ).toBeTruthy();
    page.done();
  });
});
