// Imported first by each suite, before anything that loads the config module (it validates the
// environment on load). The suite process itself only reads its own scratch database, but the
// domain code it imports for that needs a valid environment.

/** DATABASE_URL as the caller gave it (the topology suite needs one; the fault suite brings its own). */
export const GIVEN_DATABASE_URL = process.env.DATABASE_URL;

process.env.SESSION_SECRET ??= 'resilience-session-secret-that-is-long-enough-00';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
