/** The part of the bloomfilter package's API (v1) the ledger filter uses; the package ships no types. */
declare module 'bloomfilter' {
  export class BloomFilter {
    /** `m` bits (rounded up to a multiple of 32, at most 2^32), `k` hash functions. */
    constructor(m: number, k: number);
    readonly m: number;
    readonly k: number;
    readonly buckets: Uint32Array;
    add(v: string): void;
    /** False: surely never added; true: added, or a false positive. */
    test(v: string): boolean;
  }
}
