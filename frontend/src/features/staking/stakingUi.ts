// Which staking modal is open. "tx" is the claim modal (progress of claim, claim and stake, withdraw, harvest).
import { createStore, useStore } from "../../shared/store.ts";

export type StakingModal = null | "stake" | "withdraw" | "tx";
export const stakingUi = createStore<{ modal: StakingModal }>({ modal: null });
export const useStakingUi = () => useStore(stakingUi);
export const openStakingModal = (modal: Exclude<StakingModal, null>) => stakingUi.set({ modal });
export const closeStakingModal = () => stakingUi.set({ modal: null });
