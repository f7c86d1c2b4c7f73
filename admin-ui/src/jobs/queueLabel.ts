import type { TranslateFunction } from 'react-admin';
import { KNOWN_QUEUES } from './types';

/** A queue's name in our words ("Issuing orders"), its own name (`exports::build`) when we have none. */
export function queueLabel(translate: TranslateFunction, queue: string): string {
  return (KNOWN_QUEUES as readonly string[]).includes(queue) ? translate(`resources.job-queues.names.${queue}`) : queue;
}
