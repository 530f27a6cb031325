// Imported first by each suite, before anything that loads the config module (it validates the
// environment on load): the suite process itself only reads its database, but the domain code it
// imports for that needs a valid environment.
process.env.SESSION_SECRET ??= 'resilience-session-secret-that-is-long-enough-00';
