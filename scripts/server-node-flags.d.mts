// Types of server-node-flags.mjs for TypeScript importers.
export declare const SERVER_NODE_FLAGS: readonly string[];
