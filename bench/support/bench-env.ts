// Imported before anything that loads the config module (it validates the environment on load):
// benchmarks run their own API and worker, with a session secret of their own unless one is set.
process.env.SESSION_SECRET ??= 'bench-session-secret-that-is-long-enough-0000';
