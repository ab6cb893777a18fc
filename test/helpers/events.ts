/** The events of one receipt that an ABI decodes, as plain {name, args} pairs easy to compare whole. */
import { getAddress, parseEventLogs, type Abi, type TransactionReceipt } from 'viem';

export interface DecodedEvent {
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly address: string;
}

export function eventsOf(receipt: TransactionReceipt, abi: Abi): DecodedEvent[] {
  return parseEventLogs({ abi, logs: receipt.logs }).map((l: any) => ({
    name: l.eventName,
    args: { ...l.args },
    address: getAddress(l.address),
  }));
}
