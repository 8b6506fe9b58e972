/** `jarvis` exit codes: scripts rely on them. */
export const EXIT_OK = 0;
/** The command ran but what it ran failed (a skill error, a failed check). */
export const EXIT_FAILURE = 1;
/** The command line itself was wrong. */
export const EXIT_USAGE = 2;
