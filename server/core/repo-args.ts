/** A repo function's arguments after the database: a service that hands one of its reads to its routes takes these. */
export type ArgsAfterDb<F> = F extends (db: never, ...args: infer A) => unknown ? A : never;
