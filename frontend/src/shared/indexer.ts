// The indexer's read-only HTTP API (indexer/src/api): "My activity" and the owner console read it. It is optional:
// unreachable, a non-JSON or an error answer all mean "the indexer is not available", which the caller shows.
import { env } from "../config/env.ts";

export class IndexerUnavailable extends Error {}

export async function getIndexerJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${env.indexerUrl}${path}`, { signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new IndexerUnavailable("unreachable");
  }
  if (!res.ok) throw new IndexerUnavailable(`HTTP ${res.status}`);
  try {
    return (await res.json()) as T;
  } catch {
    throw new IndexerUnavailable("not JSON");
  }
}
