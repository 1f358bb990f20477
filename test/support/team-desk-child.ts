// A desktop's command line in a process of its own, for the team drills: `node --import tsx team-desk-child.ts NAME
// -- desk arguments…` runs `desk` (the real command, main() of src-main/cli/desk.ts) with the process's streams and
// environment, after tagging every marketplace request with an `x-desk: NAME` header, so the market proxy
// (market-proxy.ts) can tell which desktop made each call. It exits with desk's exit code; kill -9 is the crash.
const [desk = '', ...argv] = process.argv.slice(2);
export {};
const plain = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set('x-desk', desk);
  return plain(input, { ...init, headers });
};
const { main } = await import('../../src-main/cli/desk');
const code = await main(argv[0] === '--' ? argv.slice(1) : argv, {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
process.exit(code);
