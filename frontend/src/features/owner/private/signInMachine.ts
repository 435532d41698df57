// The console's sign-in as a reducer: idle → signing (the wallet's prompt and the server's check) → signed in, or
// refused (the wallet is not the owner: the server's 403), rejected (the user declined in the wallet, kept apart from a
// failure), failed (anything else, with its reason). A session that ends (expired, signed out, another wallet) goes
// back to idle with a note.
import type { OwnerSession } from "./api.ts";

export type SignInState =
  | { kind: "idle"; note?: string }
  | { kind: "signing" }
  | { kind: "signedIn"; session: OwnerSession }
  | { kind: "refused"; reason: string }
  | { kind: "rejected" }
  | { kind: "failed"; reason: string };

export type SignInEvent =
  | { type: "START" }
  | { type: "SIGNED_IN"; session: OwnerSession }
  | { type: "REFUSED"; reason: string }
  | { type: "REJECTED" }
  | { type: "FAILED"; reason: string }
  | { type: "ENDED"; note?: string };

export const initialSignIn: SignInState = { kind: "idle" };

export function signInReducer(s: SignInState, e: SignInEvent): SignInState {
  switch (e.type) {
    case "START":
      return s.kind === "signing" ? s : { kind: "signing" };
    case "SIGNED_IN":
      return s.kind === "signing" ? { kind: "signedIn", session: e.session } : s;
    case "REFUSED":
      return { kind: "refused", reason: e.reason };
    case "REJECTED":
      return s.kind === "signing" ? { kind: "rejected" } : s;
    case "FAILED":
      return s.kind === "signing" || s.kind === "signedIn" ? { kind: "failed", reason: e.reason } : s;
    case "ENDED":
      return { kind: "idle", note: e.note };
  }
}
