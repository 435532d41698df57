// Public surface of "My activity" (docs/PRODUCT.md §2): the panel loads as a chunk of its own, once a wallet is
// connected, below the home and staking pages' content; nothing of it is in the first render.
export { ActivitySection } from "./ActivitySection.tsx";
