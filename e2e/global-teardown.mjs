import pg from 'pg';

export default async function globalTeardown() {
  const state = globalThis.__E2E__;
  if (!state) return;
  await Promise.all(
    state.processes.filter((p) => p.exitCode === null).map((p) => new Promise((resolve) => (p.once('exit', resolve), p.kill('SIGTERM')))),
  );
  const admin = new pg.Client({ connectionString: state.serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${state.database} WITH (FORCE)`);
  await admin.end();
}
