// The Safe{Wallet} Transaction Builder batch (Apps → Transaction Builder → drag the file in), the one format both
// `npm run admin -- … --safe out.json` and the /owner console's "Export Safe batch" write.

export interface SafeBatchTransaction {
  to: string;
  data: string;
  /** "Presale.pause: paused: false → true": the batch's description lists them. */
  description: string;
}

export interface SafeBatch {
  version: "1.0";
  chainId: string;
  createdAt: number;
  meta: {
    name: string;
    description: string;
    txBuilderVersion: string;
    createdFromSafeAddress: string;
    createdFromOwnerAddress: string;
  };
  transactions: { to: string; value: "0"; data: string; contractMethod: null; contractInputsValues: null }[];
}

export function safeBatch(input: {
  chainId: number;
  safeAddress: string;
  title: string;
  transactions: readonly SafeBatchTransaction[];
  createdAt?: number;
}): SafeBatch {
  return {
    version: "1.0",
    chainId: String(input.chainId),
    createdAt: input.createdAt ?? Date.now(),
    meta: {
      name: input.title,
      description: input.transactions.map((t) => t.description).join("\n"),
      txBuilderVersion: "1.18.0",
      createdFromSafeAddress: input.safeAddress,
      createdFromOwnerAddress: "",
    },
    transactions: input.transactions.map((t) => ({
      to: t.to,
      value: "0",
      data: t.data,
      contractMethod: null,
      contractInputsValues: null,
    })),
  };
}

/** The file's text: indented JSON with a final newline, as the CLI has always written it. */
export const safeBatchJson = (batch: SafeBatch) => JSON.stringify(batch, null, 2) + "\n";
