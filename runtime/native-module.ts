/**
 * A native addon (better-sqlite3) built under one Node.js major and loaded by another fails with
 * ERR_DLOPEN_FAILED and a message whose fix sits on its last lines, which a one-line error
 * report drops. This names the package and the one command that fixes it.
 */

const MISMATCH = /NODE_MODULE_VERSION ([0-9]+)[^]*?NODE_MODULE_VERSION ([0-9]+)/;
const PACKAGE = /node_modules[\\/]((?:@[^\\/\s'"]+[\\/])?[^\\/\s'"]+)[\\/][^'"\s]*\.node\b/;

/** The fix for an ABI mismatch anywhere in `err`'s cause chain, or undefined for any other error. */
export function nativeModuleHint(err: unknown): string | undefined {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const versions = MISMATCH.exec(e.message);
    const dlopen = (e as Error & { code?: unknown }).code === 'ERR_DLOPEN_FAILED';
    if (versions === null && !(dlopen && /compiled against a different Node\.js version/.test(e.message))) continue;
    const pkg = PACKAGE.exec(e.message)?.[1]?.replace('\\', '/');
    const built =
      versions === null ? '' : ` (built for NODE_MODULE_VERSION ${versions[1]}; Node.js ${process.version} needs ${versions[2]})`;
    return `the native module ${pkg ?? 'of a dependency'} was built for another Node.js version${built}; run \`npm rebuild${pkg === undefined ? '' : ` ${pkg}`}\``;
  }
  return undefined;
}
