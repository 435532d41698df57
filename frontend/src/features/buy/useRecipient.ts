// The Base recipient of an Ethereum purchase (presale/recipient.ts, PRODUCT.md §1 "One ladder on two chains"): the connected account's code on
// Ethereum decides whether its own address is used or the buyer types and confirms one; the confirmed address is
// remembered per buyer, and the buyer's unrelayed tokens that a purchase for it re-points are counted.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { Address } from "viem";
import { env } from "../../config/env.ts";
import { useWallet } from "../../chain/index.ts";
import {
  accountKind,
  hasChecksum,
  loadPresaleReads,
  needsTypedRecipient,
  parseRecipient,
  recipientFor,
  rememberedRecipient,
  rememberRecipient,
  repointedTokens,
  type AccountKind,
  type PresaleView,
} from "../../presale/index.ts";

export type RecipientIssue = "invalid" | "zero" | "checksum";
export type RecipientState = {
  /** The connected account on Ethereum; undefined while its code loads. */
  kind?: AccountKind;
  /** The address the order names; undefined while it is unknown or not confirmed (Buy stays disabled). */
  recipient?: Address;
  typed: string;
  type: (text: string) => void;
  confirmed: boolean;
  confirm: (yes: boolean) => void;
  issue?: RecipientIssue;
  /** Whole tokens bought earlier on Ethereum, not relayed yet, that this purchase points to the new recipient. */
  repointed: number;
};

export function useRecipient(active: boolean, data: PresaleView): RecipientState {
  const { address } = useWallet();
  const code = useQuery({
    queryKey: ["account-code", env.eth.chainIdInt, address ?? null],
    enabled: active && !!address,
    queryFn: async () => (await (await loadPresaleReads()).readAccountCode(env.eth, address!)) ?? "0x",
    staleTime: 60_000,
    retry: 1,
  });
  // When the code cannot be read the buyer types the address: asking is always safe, guessing is not.
  const kind: AccountKind | undefined = code.isError ? "contract" : code.data ? accountKind(code.data) : undefined;

  const [typed, setTyped] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [owner, setOwner] = useState<Address | undefined>();
  if (owner !== address) {
    // Another buyer connected: their remembered address, confirmed before, or an empty field (adjusted while rendering).
    const saved = address ? rememberedRecipient(address) : undefined;
    setOwner(address);
    setTyped(saved ?? "");
    setConfirmed(!!saved);
  }

  const parsed = parseRecipient(typed);
  const wellFormed = parsed && "address" in parsed ? parsed.address : undefined;
  const [badChecksum, setBadChecksum] = useState<string | undefined>();
  useEffect(() => {
    if (!wellFormed || !hasChecksum(wellFormed)) return;
    const text = wellFormed;
    let live = true;
    void import("viem").then(({ isAddress }) => {
      if (live) setBadChecksum(isAddress(text, { strict: true }) ? undefined : text);
    });
    return () => {
      live = false;
    };
  }, [wellFormed]);
  const issue: RecipientIssue | undefined =
    parsed && "issue" in parsed ? parsed.issue : badChecksum && badChecksum === typed.trim() ? "checksum" : undefined;
  const typedAddress = wellFormed && !issue ? (wellFormed.toLowerCase() as Address) : undefined;

  const recipient = address && kind ? recipientFor(address, kind, confirmed ? typedAddress : undefined) : undefined;
  useEffect(() => {
    if (address && kind && needsTypedRecipient(kind) && confirmed && typedAddress)
      rememberRecipient(address, typedAddress);
  }, [address, kind, confirmed, typedAddress]);

  return {
    kind,
    recipient,
    typed,
    type: (text) => {
      setTyped(text);
      setConfirmed(false);
    },
    confirmed,
    confirm: setConfirmed,
    issue,
    repointed: repointedTokens(data.eth?.user?.ethBuyer, recipient),
  };
}
