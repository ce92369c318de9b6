// Node's own import(), for users' steps files and the modules spec-run loads anew. Kept out
// of the bundles (src/cli/bundles.ts): V8 gives a script run from its code cache no
// dynamic-import callback, so an import() there fails; this file is required as it stands.
const nativeImport = (url: string): Promise<unknown> => import(url);
export = nativeImport;
