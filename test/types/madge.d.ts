/** The part of madge's API (v8) the import-cycle test uses; the package ships no types. */
declare module 'madge' {
  interface MadgeResult {
    obj(): Record<string, string[]>;
    circular(): string[][];
  }
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: Record<string, unknown>;
    excludeRegExp?: RegExp[];
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
