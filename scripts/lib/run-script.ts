// The entry of a script that runs to its end (the bench, the profiling scripts): exit with main's code (0 when it
// returns nothing), or print the error and exit 1. An explicit exit: open handles (database pools, servers a failed
// run did not stop) must not keep the process alive.
export function runScript(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
