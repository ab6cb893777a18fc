/**
 * The check tests run on every event before it is published (SVC_VALIDATE_EVENTS=1): its data
 * against its type's schema (schemas/events.ts). The types make a wrong field fail to compile
 * where the data is written as a literal; this catches what the types cannot see (data spread
 * from a wider object, a row read back from the store). A mismatch is logged at error level and
 * the publish is refused, so a test that watches its log or its events sees it.
 */
import type { Logger } from 'pino';
import { Compile, type Validator } from 'typebox/compile';
import { EVENT_DATA, isEventType } from '../schemas/events.js';
import type { Bus } from './types.js';

export class EventMismatch extends Error {
  constructor(
    readonly type: string,
    readonly problem: string,
  ) {
    super(`event ${type} does not match its schema: ${problem}`);
    this.name = 'EventMismatch';
  }
}

/** The message of the error line a refused event logs. */
export const EVENT_MISMATCH_LOG = 'event does not match its schema';

const compiled = new Map<string, Validator>();

/** Throws EventMismatch when `type` has no schema or `data` does not match it. */
export function checkEvent(type: string, data: unknown): void {
  if (!isEventType(type)) throw new EventMismatch(type, 'no schema for this event type');
  let check = compiled.get(type);
  if (check === undefined) compiled.set(type, (check = Compile(EVENT_DATA[type])));
  if (check.Check(data)) return;
  const first = check.Errors(data)[0];
  throw new EventMismatch(type, first ? `${first.instancePath === '' ? 'data' : first.instancePath} ${first.message}` : 'invalid data');
}

/** The bus with its `emit` checking each event first. */
export function checkingEvents<B extends Bus>(bus: B, log: Logger): B {
  const emit = bus.emit.bind(bus);
  const checked: Bus['emit'] = async (type, data, opts) => {
    try {
      checkEvent(type, data);
    } catch (err) {
      log.error({ err, type, traceId: opts?.traceId }, EVENT_MISMATCH_LOG);
      throw err;
    }
    return emit(type, data, opts);
  };
  return Object.assign(bus, { emit: checked });
}
