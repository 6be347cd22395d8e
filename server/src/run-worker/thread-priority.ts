/**
 * The run's Worker gives way to Strapi's own thread: on Linux a nice value belongs to a thread, so
 * the Worker lowers its own, and when both want a core (two cores here, shared with the database
 * and zlib) the scheduler gives the request handlers about ten times the Worker's share.
 */
import fs from 'node:fs';
import os from 'node:os';

export function lowerThisThreadsPriority() {
  try {
    // '<pid>/task/<tid>': Node has no gettid().
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    const below = os.constants.priority.PRIORITY_BELOW_NORMAL;
    // Never raised: a Strapi started with a higher nice keeps it.
    if (Number.isInteger(tid) && tid > 0 && os.getPriority(tid) < below) os.setPriority(tid, below);
  } catch {
    // Not Linux, or not allowed: the Worker runs at Strapi's priority, as it did before.
  }
}
