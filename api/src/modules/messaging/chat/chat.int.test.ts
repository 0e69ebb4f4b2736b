// Chat through the API on both databases (issue 27): a care-team topic of a service request whose members are its
// organization's users, its coordinator and the clinicians of its visits; posting (idempotent per key), reading
// 20 at a time newest first, unread counts and read marks, search; every refusal (a non-member, another
// organization, bad input) writing nothing; a posted message reaching the members' event streams.
import {
  CHAT_MESSAGES,
  CHAT_UNREAD_CAP,
  type ApiError,
  type ChatCounts,
  type ChatFile,
  type ChatMessage,
  type ChatMessageList,
  type ChatReadResult,
  type ChatTopic,
  type ChatTopicList,
} from '@carelane/shared-domain';
import { describeEachDatabase, describeTwoInstances, type TestServer } from '../../../test/harness';
import {
  type EventStream,
  type StreamEvent,
  eventArrives,
  openEventStream,
} from '../../../test/event-stream';
import { count, providerIdOf, userIdOf } from '../../../test/identity-helpers';

type Err = Partial<ApiError>;
type Posted = { message: ChatMessage } & Err;
type Opened = { topic: ChatTopic } & Err;

let keys = 0;
const key = () => `k-${Date.now().toString(36)}-${++keys}`;

describeEachDatabase('messaging: chat', (server) => {
  const s = (): TestServer => server();
  let coordinator = '';
  let clinician = '';
  let orgUser = '';
  let orgAdmin = '';
  let lakesideUser = '';
  let admin = '';
  let sunrise = 0;
  let lakeside = 0;
  let coordinatorId = 0;
  let clinicianProvider = 0;
  let episode = 0;
  let lakesideEpisode = 0;
  let topic = 0;

  const open = (body: unknown, token: string) =>
    s().request<Opened>('POST', '/api/chat/topics', { token, body });
  const post = (topicId: number, body: unknown, token: string) =>
    s().request<Posted>('POST', `/api/chat/topics/${topicId}/messages`, { token, body });
  const say = async (topicId: number, text: string, token: string) => {
    const res = await post(topicId, { body: text, idempotencyKey: key() }, token);
    expect(res.status).toBe(201);
    return res.body.message;
  };
  const messages = (topicId: number, token: string, query = '') =>
    s().request<ChatMessageList & Err>('GET', `/api/chat/topics/${topicId}/messages${query}`, { token });
  const topics = (token: string) =>
    s().request<ChatTopicList & Err>('GET', '/api/chat/topics?pageSize=100', { token });
  const totalUnread = async (token: string) =>
    (await s().request<ChatCounts>('GET', '/api/chat/counts', { token })).body.totalUnreadMessages;
  const unreadOf = async (token: string, topicId: number) =>
    (await topics(token)).body.rows.find((t) => t.id === topicId)?.unreadCount;
  const written = () => count(s(), 'select count(*) from chat_messages');

  async function addEpisode(rs: number, title: string, coordinatorUserId: number | null): Promise<number> {
    const [p] = await s().sql<{ id: number }>(
      `insert into patients (referral_source_id, first_name, last_name) values ($1, 'Chat', 'Patient') returning id`,
      [rs],
    );
    const [row] = await s().sql<{ id: number }>(
      `insert into episodes (referral_source_id, patient_id, title, status, start_date, provider_type_ids,
         care_coordinator_id)
       values ($1, $2, $3, 'Active', current_date, array[(select min(id) from provider_types)], $4) returning id`,
      [rs, p!.id, title, coordinatorUserId],
    );
    return row!.id;
  }

  beforeAll(async () => {
    [admin, coordinator, clinician, orgUser] = await s().loginAs(
      'admin',
      'coordinator',
      'clinician',
      'orgUser',
    );
    orgAdmin = await s().login('orgadmin@carelane.local');
    lakesideUser = await s().login('lakeside.user@carelane.local');
    coordinatorId = await userIdOf(s(), 'coordinator@carelane.local');
    clinicianProvider = await providerIdOf(s(), 'clinician@carelane.local');
    const org = async (email: string) =>
      (
        await s().sql<{ id: number }>('select referral_source_id as id from users where email_id = $1', [
          email,
        ])
      )[0]!.id;
    sunrise = await org('orguser@carelane.local');
    lakeside = await org('lakeside.user@carelane.local');
    episode = await addEpisode(sunrise, 'Chat wound care', coordinatorId);
    lakesideEpisode = await addEpisode(lakeside, 'Lakeside chat request', null);

    const opened = await open({ kind: 'careTeam', episodeId: episode }, coordinator);
    expect(opened.status).toBe(201);
    topic = opened.body.topic.id;
    expect(opened.body.topic).toMatchObject({
      kind: 'careTeam',
      episodeId: episode,
      referralSourceId: sunrise,
    });
    expect(opened.body.topic.title).toBe('Chat wound care');
    // Opening it again (another member) finds the same topic.
    const again = await open({ kind: 'careTeam', episodeId: episode }, orgUser);
    expect(again.status).toBe(200);
    expect(again.body.topic.id).toBe(topic);
  });

  it('a member posts and another member lists it, newest first, with the last message on the topic', async () => {
    const first = await say(topic, 'Patient prefers mornings.', coordinator);
    const second = await say(topic, 'Noted, thank you.', orgUser);
    expect(first).toMatchObject({
      topicId: topic,
      body: 'Patient prefers mornings.',
      authorName: 'Cora Whitfield',
    });
    const listed = await messages(topic, orgAdmin);
    expect(listed.status).toBe(200);
    expect(listed.body.rows.slice(0, 2).map((m) => m.id)).toEqual([second.id, first.id]);
    const mine = (await topics(coordinator)).body;
    expect(mine.referralSourceId).toBeNull();
    const row = mine.rows.find((t) => t.id === topic)!;
    expect(row.lastMessage).toMatchObject({ id: second.id, body: 'Noted, thank you.' });
    expect((await topics(orgUser)).body.referralSourceId).toBe(sunrise);
  });

  it('lists only the topics of the kind asked for, paged by them, with the unread total over every topic', async () => {
    const direct = await open(
      { kind: 'direct', userId: await userIdOf(s(), 'clinician@carelane.local') },
      coordinator,
    );
    expect([200, 201]).toContain(direct.status);
    const all = (await topics(coordinator)).body;
    const careTeam = await s().request<ChatTopicList & Err>(
      'GET',
      '/api/chat/topics?pageSize=100&kind=careTeam',
      { token: coordinator },
    );
    expect(careTeam.status).toBe(200);
    expect(careTeam.body.rows.map((t) => t.kind)).not.toContain('direct');
    expect(careTeam.body.rows.map((t) => t.id)).toContain(topic);
    expect(all.rows.map((t) => t.id)).toContain(direct.body.topic.id);
    expect(careTeam.body.paging.totalCount).toBe(all.rows.filter((t) => t.kind === 'careTeam').length);
    expect(careTeam.body.totalUnreadMessages).toBe(all.totalUnreadMessages);
    const bad = await s().request<Err>('GET', '/api/chat/topics?kind=group', { token: coordinator });
    expect(bad.status).toBe(400);
  });

  it('refuses a non-member with 403 and writes nothing', async () => {
    const before = await written();
    const audits = await count(s(), "select count(*) from audit_log where entity = 'ChatMessage'");
    for (const token of [clinician, admin]) {
      const res = await post(topic, { body: 'Let me in', idempotencyKey: key() }, token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect((await messages(topic, token)).status).toBe(403);
      expect((await s().request('GET', `/api/chat/topics/${topic}`, { token })).status).toBe(403);
      expect((await topics(token)).body.rows.some((t) => t.id === topic)).toBe(false);
    }
    expect((await open({ kind: 'careTeam', episodeId: episode }, admin)).status).toBe(403);
    expect(await written()).toBe(before);
    expect(await count(s(), "select count(*) from audit_log where entity = 'ChatMessage'")).toBe(audits);
  });

  it("keeps each organization's topics to its own users", async () => {
    const theirs = await open({ kind: 'careTeam', episodeId: lakesideEpisode }, lakesideUser);
    expect(theirs.status).toBe(201);
    await say(theirs.body.topic.id, 'Lakeside only', lakesideUser);
    // Lakeside cannot reach Sunrise's topic, nor open one for Sunrise's service request.
    expect((await messages(topic, lakesideUser)).status).toBe(403);
    expect((await post(topic, { body: 'hi', idempotencyKey: key() }, lakesideUser)).status).toBe(403);
    expect((await open({ kind: 'careTeam', episodeId: episode }, lakesideUser)).status).toBe(404);
    expect((await topics(lakesideUser)).body.rows.map((t) => t.id)).toEqual([theirs.body.topic.id]);
    // And Sunrise cannot reach Lakeside's.
    expect((await messages(theirs.body.topic.id, orgUser)).status).toBe(403);
    expect((await topics(orgUser)).body.rows.some((t) => t.id === theirs.body.topic.id)).toBe(false);
  });

  it('answers a retried post with the same message, never a second one', async () => {
    const body = { body: 'Sent once, retried twice', idempotencyKey: key() };
    const before = await written();
    const first = await post(topic, body, coordinator);
    const retry = await post(topic, body, coordinator);
    const again = await post(topic, body, coordinator);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(200);
    expect(again.status).toBe(200);
    expect(retry.body.message).toEqual(first.body.message);
    expect(await written()).toBe(before + 1);
    // The key is the author's: another author may use the same one; the same author with another text may not.
    expect((await post(topic, body, orgUser)).status).toBe(201);
    const reused = await post(topic, { ...body, body: 'Something else' }, coordinator);
    expect(reused.status).toBe(409);
    expect(await written()).toBe(before + 2);
    // Two sends of one key at the same moment (a double click, a retry racing the first): one message.
    const raced = { body: 'Raced', idempotencyKey: key() };
    const both = await Promise.all([post(topic, raced, orgUser), post(topic, raced, orgUser)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.message.id).toBe(both[1]!.body.message.id);
    expect(await written()).toBe(before + 3);
  });

  it('pages 20 newest first with the before cursor, and searches a topic', async () => {
    const direct = await open(
      { kind: 'direct', userId: await userIdOf(s(), 'orguser@carelane.local') },
      coordinator,
    );
    expect(direct.status).toBe(201);
    const id = direct.body.topic.id;
    expect(direct.body.topic.title).toBe('Jordan Pike');
    const sent: number[] = [];
    for (let i = 1; i <= 45; i++)
      sent.push((await say(id, `Update ${i}${i === 7 ? ' 100% done' : ''}`, coordinator)).id);
    const newestFirst = [...sent].reverse();
    const page1 = (await messages(id, orgUser)).body;
    expect(page1.rows.map((m) => m.id)).toEqual(newestFirst.slice(0, 20));
    const page2 = (await messages(id, orgUser, `?before=${page1.nextBefore}`)).body;
    expect(page2.rows.map((m) => m.id)).toEqual(newestFirst.slice(20, 40));
    const page3 = (await messages(id, orgUser, `?before=${page2.nextBefore}`)).body;
    expect(page3.rows.map((m) => m.id)).toEqual(newestFirst.slice(40));
    expect(page3.nextBefore).toBeNull();
    const found = (await messages(id, orgUser, `?search=${encodeURIComponent('100%')}`)).body;
    expect(found.rows.map((m) => m.body)).toEqual(['Update 7 100% done']);
    expect((await messages(id, orgUser, '?search=UPDATE%2045')).body.rows.map((m) => m.body)).toEqual([
      'Update 45',
    ]);
    // A direct topic is its two users' only: the organization's other users are not in it.
    expect((await messages(id, orgAdmin)).status).toBe(403);
  });

  it('moves unread counts per topic and in total on posting and after mark-read', async () => {
    const read = (topicId: number, messageId: unknown, token: string) =>
      s().request<ChatReadResult & Err>('POST', `/api/chat/topics/${topicId}/read`, {
        token,
        body: { messageId },
      });
    const last = (await messages(topic, orgAdmin)).body.rows[0]!;
    expect((await read(topic, last.id, orgAdmin)).body.unreadCount).toBe(0);
    const total = await totalUnread(orgAdmin);
    const coordinatorTotal = await totalUnread(coordinator);
    await say(topic, 'One', coordinator);
    const two = await say(topic, 'Two', coordinator);
    expect(await unreadOf(orgAdmin, topic)).toBe(2);
    expect(await totalUnread(orgAdmin)).toBe(total + 2);
    expect((await topics(orgAdmin)).body.totalUnreadMessages).toBe(total + 2);
    // One's own messages are never unread.
    expect(await totalUnread(coordinator)).toBe(coordinatorTotal);
    const marked = await read(topic, two.id - 1, orgAdmin);
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ topicId: topic, unreadCount: 1, totalUnreadMessages: total + 1 });
    expect((await read(topic, two.id, orgAdmin)).body).toMatchObject({
      unreadCount: 0,
      totalUnreadMessages: total,
    });
    // The mark never moves back.
    expect((await read(topic, last.id, orgAdmin)).body).toMatchObject({
      lastReadMessageId: two.id,
      unreadCount: 0,
    });
    expect(await totalUnread(orgAdmin)).toBe(total);
    // A message of another topic is refused by name; a non-member cannot mark at all.
    const other = (await topics(coordinator)).body.rows.find((t) => t.id !== topic)!;
    const wrong = await read(topic, other.lastMessage!.id, orgAdmin);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'messageId', message: 'is not a message of this conversation' },
    ]);
    expect((await read(topic, two.id, clinician)).status).toBe(403);
  });

  it('stops a conversation’s unread count at CHAT_UNREAD_CAP, however long the unread history', async () => {
    const busy = await addEpisode(sunrise, 'Chat busy request', coordinatorId);
    const opened = await open({ kind: 'careTeam', episodeId: busy }, coordinator);
    const busyTopic = opened.body.topic.id;
    const author = await userIdOf(s(), 'orguser@carelane.local');
    await s().sql(
      `insert into chat_messages (topic_id, author_id, body, idempotency_key)
       select $1, $2, 'Update ' || g, 'cap-' || g from generate_series(1, $3) g`,
      [busyTopic, author, CHAT_UNREAD_CAP + 50],
    );
    expect(await unreadOf(coordinator, busyTopic)).toBe(CHAT_UNREAD_CAP);
    const [last] = (await messages(busyTopic, coordinator)).body.rows;
    const read = await s().request<ChatReadResult>('POST', `/api/chat/topics/${busyTopic}/read`, {
      token: coordinator,
      body: { messageId: last!.id },
    });
    expect(read.body.unreadCount).toBe(0);
  });

  it('makes the clinician assigned to a visit of the service request a member, for as long as assigned', async () => {
    expect((await messages(topic, clinician)).status).toBe(403);
    const stream = await openEventStream(s(), clinician);
    const lakesideStream = await openEventStream(s(), lakesideUser);
    try {
      const [visit] = await s().sql<{ id: number }>(
        `insert into visits (episode_id, referral_source_id, visit_type_id, provider_type_id, date_of_service,
           start_at, end_at, status, provider_id, assigned_at)
         values ($1, $2, (select min(id) from visit_types), (select min(id) from provider_types), current_date,
           now(), now() + interval '1 hour', 'Staffed', $3, now()) returning id`,
        [episode, sunrise, clinicianProvider],
      );
      expect((await messages(topic, clinician)).status).toBe(200);
      expect((await topics(clinician)).body.rows.some((t) => t.id === topic)).toBe(true);
      const posted = await say(topic, 'On my way.', clinician);
      const fromCoordinator = await say(topic, 'Thanks!', coordinator);
      // Both reach the clinician's event stream, in order; nothing reaches another organization's user.
      const isChat = (e: StreamEvent) => e.event === 'entityChanged' && e.data.entity === 'chatMessage';
      await eventArrives(() => stream.events.filter(isChat).length >= 2);
      expect(stream.events.filter(isChat).map((e) => e.data.id)).toEqual([posted.id, fromCoordinator.id]);
      expect(stream.events.filter(isChat)[0]!.data.action).toBe('created');
      expect(lakesideStream.events.filter(isChat).map((e) => e.data.id)).not.toContain(posted.id);
      // Unassigned (the visit deleted): no longer a member.
      await s().sql(`update visits set status = 'Deleted' where id = $1`, [visit!.id]);
      expect((await messages(topic, clinician)).status).toBe(403);
    } finally {
      stream.close();
      lakesideStream.close();
    }
  });

  it('sends a file with a message: members download it, the content is checked, each file goes with one message', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64), Buffer.from('\n%%EOF\n')]);
    const upload = async (token: string, fileName: string, bytes: Buffer, topicId = topic) => {
      const response = await fetch(
        `${s().url}/api/chat/topics/${topicId}/files?fileName=${encodeURIComponent(fileName)}`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: bytes,
        },
      );
      return { status: response.status, body: (await response.json()) as Partial<ChatFile> & Err };
    };
    const stored = await upload(orgUser, 'wound photo plan.pdf', pdf);
    expect(stored.status).toBe(201);
    expect(stored.body).toMatchObject({
      topicId: topic,
      fileName: 'wound photo plan.pdf',
      sizeBytes: pdf.length,
    });

    // Only its uploader may send it; a message may be only the file.
    const stolen = await post(
      topic,
      { body: '', idempotencyKey: key(), attachmentFileId: stored.body.id },
      coordinator,
    );
    expect([stolen.status, stolen.body.errors?.[0]?.field]).toEqual([400, 'attachmentFileId']);
    const sent = await post(
      topic,
      { body: '', idempotencyKey: key(), attachmentFileId: stored.body.id },
      orgUser,
    );
    expect(sent.status).toBe(201);
    expect(sent.body.message.attachment).toMatchObject({
      id: stored.body.id,
      fileName: 'wound photo plan.pdf',
    });
    const again = await post(
      topic,
      { body: 'Again', idempotencyKey: key(), attachmentFileId: stored.body.id },
      orgUser,
    );
    expect([again.status, again.body.errors?.[0]?.message]).toEqual([400, CHAT_MESSAGES.attachmentUsed]);
    const listed = await messages(topic, coordinator);
    expect(listed.body.rows.find((m) => m.id === sent.body.message.id)?.attachment?.fileName).toBe(
      'wound photo plan.pdf',
    );

    const download = (token: string, topicId = topic) =>
      fetch(`${s().url}/api/chat/topics/${topicId}/files/${stored.body.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const got = await download(coordinator);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await download(lakesideUser)).status).toBe(403);

    // A program named .pdf, an empty file, and a non-member are refused, and nothing is stored.
    const before = await count(s(), 'select count(*) from message_files');
    const liar = await upload(orgUser, 'plan.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]));
    expect([liar.status, liar.body.errors?.[0]?.field]).toEqual([400, 'file']);
    expect((await upload(orgUser, 'empty.pdf', Buffer.alloc(0))).status).toBe(400);
    expect((await upload(lakesideUser, 'plan.pdf', pdf)).status).toBe(403);
    expect(await count(s(), 'select count(*) from message_files')).toBe(before);
    const textless = await post(topic, { body: '  ', idempotencyKey: key() }, orgUser);
    expect([textless.status, textless.body.errors?.[0]?.field]).toEqual([400, 'body']);
  });

  it('names the field of bad input, writing nothing', async () => {
    const before = await written();
    const fieldsOf = async (body: unknown) => {
      const res = await post(topic, body, coordinator);
      expect(res.status).toBe(400);
      return res.body.errors!.map((e) => e.field);
    };
    expect(await fieldsOf({ body: '   ', idempotencyKey: key() })).toEqual(['body']);
    expect(await fieldsOf({ idempotencyKey: key() })).toEqual(['body']);
    expect(await fieldsOf({ body: 'x'.repeat(4001), idempotencyKey: key() })).toEqual(['body']);
    expect(await fieldsOf({ body: 'Fine' })).toEqual(['idempotencyKey']);
    expect(await fieldsOf({ body: 'Fine', idempotencyKey: 'has spaces' })).toEqual(['idempotencyKey']);
    const badCursor = await messages(topic, coordinator, '?before=abc');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.errors!.map((e) => e.field)).toEqual(['before']);
    const badRead = await s().request<Err>('POST', `/api/chat/topics/${topic}/read`, {
      token: coordinator,
      body: { messageId: 'last' },
    });
    expect(badRead.body.errors!.map((e) => e.field)).toEqual(['messageId']);
    const self = await open({ kind: 'direct', userId: coordinatorId }, coordinator);
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([{ field: 'userId', message: 'must be someone other than you' }]);
    const staffToStaff = await open(
      { kind: 'direct', userId: await userIdOf(s(), 'admin@carelane.local') },
      coordinator,
    );
    expect(staffToStaff.body.errors!.map((e) => e.field)).toEqual(['userId']);
    expect(await written()).toBe(before);
  });
});

describeTwoInstances('messaging: chat events across API instances', (instances) => {
  it("reaches every instance's streams of the topic's members once each, in the order posted", async () => {
    const { a, b } = instances();
    const coordinatorOnA = await a.login('coordinator@carelane.local');
    const orgUserOnB = await b.login('orguser@carelane.local');
    const orgAdminOnA = await a.login('orgadmin@carelane.local');
    const lakesideOnB = await b.login('lakeside.user@carelane.local');
    const [row] = await a.sql<{ id: number }>(
      `insert into episodes (referral_source_id, title, status, start_date, care_coordinator_id)
       select u.referral_source_id, 'Two instances', 'Active', current_date, c.id
       from users u, users c where u.email_id = 'orguser@carelane.local' and c.email_id = 'coordinator@carelane.local'
       returning id`,
    );
    const opened = await a.request<Opened>('POST', '/api/chat/topics', {
      token: coordinatorOnA,
      body: { kind: 'careTeam', episodeId: row!.id },
    });
    expect(opened.status).toBe(201);
    const topicId = opened.body.topic.id;
    const onB = await openEventStream(b, orgUserOnB);
    const onA = await openEventStream(a, orgAdminOnA);
    const outsider = await openEventStream(b, lakesideOnB);
    try {
      const posted: number[] = [];
      for (let i = 0; i < 6; i++) {
        const [server, token] = i % 2 === 0 ? [a, coordinatorOnA] : [b, orgUserOnB];
        const res = await server.request<Posted>('POST', `/api/chat/topics/${topicId}/messages`, {
          token,
          body: { body: `Message ${i}`, idempotencyKey: key() },
        });
        expect(res.status).toBe(201);
        posted.push(res.body.message.id);
      }
      const chatIds = (stream: EventStream) =>
        stream.events
          .filter((e) => e.event === 'entityChanged' && e.data.entity === 'chatMessage')
          .map((e) => e.data.id);
      await eventArrives(() => chatIds(onB).length >= 6 && chatIds(onA).length >= 6);
      // A moment more: a duplicate would arrive by now.
      await new Promise((r) => setTimeout(r, 300));
      expect(chatIds(onB)).toEqual(posted);
      expect(chatIds(onA)).toEqual(posted);
      expect(chatIds(outsider)).toEqual([]);
    } finally {
      onB.close();
      onA.close();
      outsider.close();
    }
  });
});
