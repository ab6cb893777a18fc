/**
 * The AsyncAPI 3.0 document of the bus, built from the same TypeBox schemas the bus checks: each
 * actor verb's command (`<prefix>.cmd.<actor>.<verb>`) with its reply, the core request/reply
 * subject of an rpc verb (`<prefix>.rpc.<actor>.<verb>`), and every event
 * (`<prefix>.evt.<Type>`). Served at `GET /asyncapi.json` beside `/openapi.json`, so a client on
 * NATS reads the same contract the gateway's HTTP clients do.
 */
import { COMMANDS, type Verb } from '../schemas/commands/index.js';
import { EVENT_DATA, EVENT_TYPES, PROGRESS_EVENTS } from '../schemas/events.js';
import { ErrorBody } from '../schemas/error-body.js';
import { names } from '../bus/subjects.js';
import { HEADERS } from '../bus/wire.js';

type Json = Record<string, unknown>;

/** A schema as plain JSON, without the `$id`s TypeBox keeps on shared schemas: one schema can
 * appear under several messages, and a document must not declare the same id twice. */
function plain(schema: unknown): Json {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) => (key === '$id' ? undefined : value)) as Json;
}

const ref = (path: string): Json => ({ $ref: path });

const header = (description: string): Json => ({ type: 'string', description });

const COMMAND_HEADERS = {
  type: 'object',
  properties: {
    [HEADERS.msgId]: header('dedupe key: a second command with the same id inside the duplicate window is dropped'),
    [HEADERS.trace]: header('the trace id the handler logs and the events it causes carry'),
    [HEADERS.replyTo]: header('the inbox a caller that waits gets the reply on (`<prefix>.reply.<id>`); absent when nobody waits'),
  },
};
const REPLY_HEADERS = {
  type: 'object',
  properties: {
    [HEADERS.trace]: header('the trace id of the command answered'),
    [HEADERS.error]: header('present (`1`) when the body is an error `{error, message}`, not the verb answer'),
  },
};
const EVENT_HEADERS = {
  type: 'object',
  properties: {
    [HEADERS.trace]: header('the trace id of the request or command that caused the event'),
    [HEADERS.msgId]: header("an audit event's row id: a re-send of the same row is dropped by the stream"),
  },
};

/** The envelope every event travels in; `data` is the type's own schema. */
function eventEnvelope(type: string, data: Json): Json {
  return {
    type: 'object',
    required: ['type', 'subject', 'at', 'traceId', 'data'],
    properties: {
      type: { const: type },
      subject: { type: 'string', description: 'the subject it was published on' },
      at: { type: 'string', format: 'date-time' },
      traceId: { type: 'string' },
      data,
    },
  };
}

export function asyncApiDocument(opts: { prefix: string; version: string }): Json {
  const n = names(opts.prefix);
  const channels: Json = {};
  const operations: Json = {};
  const messages: Json = {
    error: {
      name: 'error',
      title: 'A refusal or failure',
      summary: `The handler's error, marked by the \`${HEADERS.error}\` header.`,
      headers: REPLY_HEADERS,
      payload: plain(ErrorBody),
    },
  };
  const replyMessages: Json = { error: ref('#/components/messages/error') };
  const rpcReplyMessages: Json = { error: ref('#/components/messages/error') };

  for (const [actor, verbs] of Object.entries(COMMANDS)) {
    for (const [name, v] of Object.entries(verbs) as [string, Verb][]) {
      const id = `${actor}.${name}`;
      messages[`cmd.${id}`] = {
        name: `cmd.${id}`,
        title: `${actor} ${name}`,
        headers: COMMAND_HEADERS,
        payload: plain(v.input),
      };
      messages[`reply.${id}`] = {
        name: `reply.${id}`,
        title: `${actor} ${name}: the answer`,
        headers: REPLY_HEADERS,
        payload: plain(v.output),
      };
      replyMessages[id] = ref(`#/components/messages/reply.${id}`);
      channels[`cmd.${id}`] = {
        address: n.command(actor as never, name),
        title: `${actor}.${name} commands`,
        description: `Durable: stored in the command stream before a worker of the ${actor} actor takes it; redelivered after a crash.`,
        messages: { command: ref(`#/components/messages/cmd.${id}`) },
      };
      operations[id] = {
        action: 'receive',
        channel: ref(`#/channels/cmd.${id}`),
        summary: `A ${actor} worker handles ${name}.`,
        messages: [ref(`#/channels/cmd.${id}/messages/command`)],
        reply: {
          address: { location: `$message.header#/${HEADERS.replyTo}`, description: 'the inbox the command named' },
          channel: ref('#/channels/reply'),
          messages: [ref(`#/channels/reply/messages/${id}`), ref('#/channels/reply/messages/error')],
        },
      };
      if (!v.rpc) continue;
      rpcReplyMessages[id] = ref(`#/components/messages/reply.${id}`);
      channels[`rpc.${id}`] = {
        address: n.rpc(id),
        title: `${actor}.${name} requests`,
        description: 'Core request/reply: answered at once by one replica, never stored or redelivered.',
        messages: { request: ref(`#/components/messages/cmd.${id}`) },
      };
      operations[`${id}.rpc`] = {
        action: 'receive',
        channel: ref(`#/channels/rpc.${id}`),
        summary: `Any replica answers ${name} at once.`,
        messages: [ref(`#/channels/rpc.${id}/messages/request`)],
        reply: {
          channel: ref('#/channels/rpcReply'),
          messages: [ref(`#/channels/rpcReply/messages/${id}`), ref('#/channels/rpcReply/messages/error')],
        },
      };
    }
  }

  channels.reply = {
    address: `${opts.prefix}.reply.{inbox}`,
    title: 'Replies to durable commands',
    description: `A caller that waits names its inbox in \`${HEADERS.replyTo}\`; the worker that handled the command answers there.`,
    parameters: { inbox: { description: "the caller's inbox id" } },
    messages: replyMessages,
  };
  channels.rpcReply = {
    address: null,
    title: 'Replies to rpc requests',
    description: "The request's own NATS reply subject.",
    messages: rpcReplyMessages,
  };

  for (const type of EVENT_TYPES) {
    const progress = (PROGRESS_EVENTS as readonly string[]).includes(type);
    const schema = plain(EVENT_DATA[type]);
    messages[`evt.${type}`] = {
      name: type,
      title: type,
      summary: schema.description,
      description: progress ? 'Published only, never stored as audit.' : 'Also stored as an audit row (counted by `GET /usage`).',
      headers: EVENT_HEADERS,
      payload: eventEnvelope(type, schema),
    };
    channels[`evt.${type}`] = {
      address: n.event(type),
      title: `${type} events`,
      description: `Kept in the ${n.eventStream} stream; tail with \`svc events tail ${type}\` or \`GET /events/stream?filter=${type}\`.`,
      messages: { event: ref(`#/components/messages/evt.${type}`) },
    };
    operations[`publish${type}`] = {
      action: 'send',
      channel: ref(`#/channels/evt.${type}`),
      summary: `svc publishes ${type}.`,
      messages: [ref(`#/channels/evt.${type}/messages/event`)],
    };
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'svc bus',
      version: opts.version,
      description: `The NATS subjects of svc under the prefix \`${opts.prefix}\` (SVC_BUS_PREFIX): commands to actors, their replies, and events.`,
    },
    defaultContentType: 'application/json',
    servers: {
      nats: { host: 'localhost:4222', protocol: 'nats', description: 'the NATS server of the deployment (NATS_URL)' },
    },
    channels,
    operations,
    components: { messages },
  };
}
