/**
 * The one place that decides which chain port a process uses, for every actor that needs one
 * (the run engine's steps, the trigger actor's epoch). No chain binding exists yet, so this is
 * no-chain mode; a real binding is chosen here from config and reaches every caller at once.
 */
import type { Config } from '../schemas/config.js';
import type { ChainPort } from './port.js';
import { noChain } from './none.js';

export function chainFor(_config: Config): ChainPort {
  return noChain();
}
