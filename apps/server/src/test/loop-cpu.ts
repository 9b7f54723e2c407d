import { readFileSync } from 'node:fs';

/**
 * CPU seconds the process's main thread has used, user and system, from its `/proc` entry (Linux). Test
 * files run on the main thread of Vitest's forked workers, so in a test it is the server's loop: whether a
 * heavy request kept it busy is read from it rather than from answer times or the loop's busy share
 * (`eventLoopUtilization`), which both grow tenfold on a loaded machine with nothing blocked (a busy share of
 * 0.03 alone was 0.78 beside the other test lanes), while a blocked loop spends all of its seconds.
 */
export function loopCpu(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  // The fields after the command name (in parentheses, which may hold spaces): utime and stime, the 14th and
  // 15th fields of the line, in clock ticks of 1/100 s.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
