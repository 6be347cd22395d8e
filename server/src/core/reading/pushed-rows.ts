/**
 * Rows a driver pushes as they arrive (one statement run to completion on a connection of the
 * run's own), handed on a batch at a time with the socket paused while batches wait: memory stays
 * a few batches whatever the result's size, and the rest waits in TCP and the server. The batching
 * and back-pressure of core/reading/pg-stream and mysql-stream, which only say how their driver
 * starts a statement, pauses, resumes and abandons it.
 */

type Row = Record<string, unknown>;

export interface PushedRowsEvents {
  row(row: Row): void;
  end(): void;
  error(error: Error): void;
}

export interface PushedRowsSource {
  /** Starts the statement; its rows, its end and its failure come through `events`. */
  start(events: PushedRowsEvents): void;
  pause(): void;
  resume(): void;
  /** Stops a statement still running: its rows are not wanted any more (ends the connection). */
  abandon(): void;
}

/** Whole batches held before the socket is paused (the batch being filled comes on top). */
const BATCHES_AHEAD = 2;

export async function* pushedRows(
  source: PushedRowsSource,
  batchSize: number
): AsyncGenerator<Row[]> {
  const ready: Row[][] = [];
  let batch: Row[] = [];
  let ended = false;
  let failure: Error | null = null;
  let paused = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };

  source.start({
    row(row) {
      batch.push(row);
      if (batch.length < batchSize) return;
      ready.push(batch);
      batch = [];
      if (ready.length >= BATCHES_AHEAD && !paused) {
        paused = true;
        source.pause();
      }
      notify();
    },
    end() {
      if (batch.length > 0) ready.push(batch);
      batch = [];
      ended = true;
      notify();
    },
    error(error) {
      failure = error;
      ended = true;
      notify();
    },
  });

  try {
    for (;;) {
      if (failure) throw failure;
      const rows = ready.shift();
      if (rows) {
        if (paused && ready.length < BATCHES_AHEAD) {
          paused = false;
          source.resume();
        }
        yield rows;
      } else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    // A statement still running cannot be stopped otherwise; one that ended (or failed) leaves the
    // connection usable once its last messages are read, which a paused socket would withhold.
    if (!ended) source.abandon();
    else if (paused) source.resume();
  }
}
