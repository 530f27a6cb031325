// Imported before anything that loads the config module (it validates the environment on load):
// benchmarks run their own API and worker, with a session secret of their own unless one is set.
process.env.SESSION_SECRET ??= 'bench-session-secret-that-is-long-enough-0000';

/** The database server the caller gave (benchmarks make a scratch database there), else an embedded PostgreSQL is started. */
export const GIVEN_DATABASE_URL = process.env.DATABASE_URL || undefined;
// The config module validates the environment as soon as it is loaded, before a benchmark has its
// own database (each app it starts gets the real URL).
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:1/not-started-yet';
