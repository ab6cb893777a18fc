/** The trigger layer's public face: the actor, and the modules the gateway's routes call. */
export { triggerActor } from './actor.js';
export { deliver, logOversize, webhookRunId, type DeliveryDeps } from './deliver.js';
export { deliveryRows } from './rows.js';
export { pubsubVerifier, type PubsubVerifier } from './pubsub.js';
export { createTrigger, listTriggers, rotateTrigger, setEnabled, deleteTrigger, listDeliveries, sealingKey } from './records.js';
export { signSvc, signCodehost } from './schemes.js';
export { cronMatches } from './cron.js';
