import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { resources } from './resources.js';

/** One HLS rendition a transcode wrote: its height, the bandwidth its playlist states, its segments. */
export type StoredRendition = { height: number; width: number; bandwidth: number; segments: number };

/**
 * The streaming module's table: the HLS versions of an uploaded video, one row per resource.
 * `prefix` is where the finished versions live (`streams/<resource>/<generation>`); `workPrefix`
 * is where a transcode under way writes, so neither is taken for an orphan by `sweep-files`.
 * The transcode itself is a job on the queue (`streaming.transcode`); `attempts` counts its runs.
 */
export const videoStreams = pgTable(
  'video_streams',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['queued', 'processing', 'ready', 'failed'] }).notNull(),
    progress: real('progress').notNull().default(0),
    error: text('error'),
    renditions: jsonb('renditions').$type<StoredRendition[]>().notNull().default([]),
    prefix: text('prefix'),
    workPrefix: text('work_prefix'),
    duration: doublePrecision('duration'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.resourceId] }), index('video_streams_state_idx').on(t.state)],
);
