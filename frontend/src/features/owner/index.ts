// Public surface of the owner console (route /owner, docs/PRODUCT.md §2): a chunk of its own, loaded only on that route,
// so nothing of it is in the buyers' first render.
export const loadOwnerPage = () => import("./OwnerPage.tsx");
