// Both benchmark servers answer the benchmarks' CPU probes the same way: over the IPC channel (when they were
// spawned with one), the CPU time their process has used so far, user + system, all threads, and its peak RSS.

export function answerCpuProbes(): void {
  const send = process.send?.bind(process);
  if (!send) return;
  process.on('message', (m: unknown) => {
    if (m !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    send({ cpuMicros: user + system, maxRssMB: process.resourceUsage().maxRSS / 1024 });
  });
  // The benchmark went away without stopping us: do not linger.
  process.on('disconnect', () => process.exit(0));
}
