// Preloaded into a measured process (node --require): on exit, writes the process's own CPU time
// (user + system, ms) to stderr as `cpu-ms=N`, so a benchmark on a busy machine can report the work
// done apart from the time spent waiting for a core.
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`\ncpu-ms=${((user + system) / 1000).toFixed(0)}\n`);
});
