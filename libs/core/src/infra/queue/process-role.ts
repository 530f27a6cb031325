/** Which process this is: the API only enqueues (unless it runs in-process), the worker runs jobs. */
export const PROCESS_ROLE = Symbol('PROCESS_ROLE');
export type ProcessRole = 'api' | 'worker';
