// Files of service requests in SQL. Only `readContent` selects the bytes; everything else reads the metadata.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { EpisodeFile } from '@carelane/shared-domain';
import { episodeFiles, episodes } from '../../../db/scheduling-schema';
import { users } from '../../../db/schema';
import type { Executor } from '../../../db/client';
import { notFound } from '../../../lib/errors';

export const FILE_THING = 'The file';

const metadata = {
  id: episodeFiles.id,
  episodeId: episodeFiles.episodeId,
  fileName: episodeFiles.fileName,
  contentType: episodeFiles.contentType,
  sizeBytes: episodeFiles.sizeBytes,
  uploadedAt: episodeFiles.uploadedAt,
  uploadedByName: sql<string | null>`case when ${users.id} is null then null
    else ${users.firstName} || ' ' || ${users.lastName} end`,
};
type MetadataRow = Omit<EpisodeFile, 'uploadedAt'> & { uploadedAt: Date };

const toEpisodeFile = (row: MetadataRow): EpisodeFile => ({
  ...row,
  uploadedAt: row.uploadedAt.toISOString(),
});

const live = (episodeId: number, fileId?: number) =>
  and(
    eq(episodeFiles.episodeId, episodeId),
    fileId === undefined ? undefined : eq(episodeFiles.id, fileId),
    isNull(episodeFiles.deletedAt),
  );

/** The service request's files, oldest first. */
export async function listFiles(ex: Executor, episodeId: number): Promise<EpisodeFile[]> {
  const rows = await ex
    .select(metadata)
    .from(episodeFiles)
    .leftJoin(users, eq(users.id, episodeFiles.uploadedBy))
    .where(live(episodeId))
    .orderBy(asc(episodeFiles.uploadedAt), asc(episodeFiles.id));
  return rows.map(toEpisodeFile);
}

/** One file of the service request (not deleted), without its bytes, or the 404. */
export async function findFile(ex: Executor, episodeId: number, fileId: number): Promise<EpisodeFile> {
  const [row] = await ex
    .select(metadata)
    .from(episodeFiles)
    .leftJoin(users, eq(users.id, episodeFiles.uploadedBy))
    .where(live(episodeId, fileId));
  if (!row) throw notFound(FILE_THING);
  return toEpisodeFile(row);
}

/** The bytes of one file of the service request (not deleted), or the 404. */
export async function readContent(
  ex: Executor,
  episodeId: number,
  fileId: number,
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const [row] = await ex
    .select({
      fileName: episodeFiles.fileName,
      contentType: episodeFiles.contentType,
      content: episodeFiles.content,
    })
    .from(episodeFiles)
    .where(live(episodeId, fileId));
  if (!row) throw notFound(FILE_THING);
  return row;
}

/** Holds the service request row (FOR SHARE) until the transaction ends, so its status cannot change meanwhile. */
export async function holdEpisode(ex: Executor, episodeId: number): Promise<void> {
  await ex.select({ id: episodes.id }).from(episodes).where(eq(episodes.id, episodeId)).for('share');
}

export async function insertFile(
  ex: Executor,
  values: { episodeId: number; fileName: string; contentType: string; content: Buffer; uploadedBy: number },
): Promise<number> {
  const [row] = await ex
    .insert(episodeFiles)
    .values({ ...values, sizeBytes: values.content.length })
    .returning({ id: episodeFiles.id });
  return row!.id;
}

/** Marks the file deleted; false when it was not there (or already deleted). */
export async function softDeleteFile(ex: Executor, episodeId: number, fileId: number): Promise<boolean> {
  const rows = await ex
    .update(episodeFiles)
    .set({ deletedAt: sql`now()` })
    .where(live(episodeId, fileId))
    .returning({ id: episodeFiles.id });
  return rows.length > 0;
}
