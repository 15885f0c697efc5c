import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The order names and titles are listed in, whatever their script: ICU's root collation (CLDR's
 * default), which both engines have under this name (PostgreSQL built with ICU, as every packaged
 * server is; PGlite 0.5 carries ICU too). It puts English in dictionary order with case and
 * accents second (alice, Bob, Émile), Tamil in its alphabet's order (… ர ல வ ழ ள ற ன, then the
 * Grantha letters ஜ ஷ ஸ ஹ, where code points put ஜ after ச and ன after ந) and Sinhala in its
 * alphabet's order (ශාන්ත before ශ්‍රී). The database's own collation (C on a default cluster, C on
 * PGlite) orders by code point. `si-x-icu` and `ta-x-icu` order those scripts the same for names
 * (`ta` puts க் before க), but a class list mixes the three scripts, so one root order serves all.
 * The collation is deterministic: equality, LIKE and the trigram indexes are unchanged.
 */
export const READERS_COLLATION = 'und-x-icu';

/** `expression` ordered as its readers expect (see READERS_COLLATION). */
export const inReadersOrder = (expression: SQLWrapper): SQL => sql`${expression} collate "und-x-icu"`;
