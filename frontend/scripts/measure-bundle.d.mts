// Types of measure-bundle.mjs (a plain Node script, so that `node scripts/measure-bundle.mjs` needs no build step).
export type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
};
export type SizedFile = { file: string; bytes: number; gzipBytes: number };
export const LAYERS: { firstRender: string[]; presaleReads: string[]; wallet: string[] };
export function initialChunks(
  manifest: Record<string, ManifestChunk>,
  keys?: string[],
  exclude?: Set<string>,
): string[];
export function measureBundle(distDir: string): {
  initialJsGzipBytes: number;
  initialJsBytes: number;
  initialJsFiles: SizedFile[];
  presaleReadsJsGzipBytes: number;
  walletLayerJsGzipBytes: number;
  totalJsChunks: number;
  budgetBytes: number;
};
