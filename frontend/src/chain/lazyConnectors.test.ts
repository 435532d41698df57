// The stand-in connectors: declared in a real wagmi config, their connector module (and so their SDK) loads only
// when the visitor picks one, or on reconnect when it was the last one used; then every call and event is the real
// connector's.
import { createConfig, createStorage, http, mock, type CreateConnectorFn } from "wagmi";
import { connect, reconnect } from "wagmi/actions";
import { getAddress } from "viem";
import { mainnet } from "viem/chains";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { lazyConnector } from "./lazyConnectors.ts";

const ACCOUNT = "0x00000000000000000000000000000000000000a1" as const;
const loads = vi.fn();
const calls: string[] = [];
/** Stands in for wagmi's baseAccount(): wagmi's mock connector that records its calls and emits a display URI. */
const fakeBaseAccount: CreateConnectorFn = (config) => {
  const real = mock({ accounts: [ACCOUNT], features: { reconnect: true, defaultConnected: true } })(config);
  return {
    ...real,
    id: "baseAccount",
    name: "Base Account",
    type: "baseAccount",
    async setup() {
      calls.push("setup");
      await real.setup?.();
    },
    connect(parameters) {
      calls.push("connect");
      config.emitter.emit("message", { type: "display_uri", data: "wc:uri" });
      return real.connect(parameters);
    },
    isAuthorized() {
      calls.push("isAuthorized");
      return real.isAuthorized();
    },
  };
};
vi.mock("wagmi/connectors/baseAccount", () => ({
  baseAccount: () => {
    loads();
    return fakeBaseAccount;
  },
}));

function setup(recent?: string) {
  const memory = new Map<string, string>();
  if (recent) memory.set("test.recentConnectorId", JSON.stringify(recent));
  const storage = createStorage({
    key: "test",
    storage: {
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
      removeItem: (k) => void memory.delete(k),
    },
  });
  const config = createConfig({
    chains: [mainnet],
    connectors: [lazyConnector("baseAccount")],
    transports: { [mainnet.id]: http() },
    storage,
  });
  return { config, connector: config.connectors[0] };
}

beforeEach(() => {
  loads.mockClear();
  calls.length = 0;
});

describe("lazily loaded connectors", () => {
  it("are listed by the config under their own id, and load nothing at setup or on a reconnect to another wallet", async () => {
    const { config, connector } = setup("io.metamask");
    expect(connector).toMatchObject({ id: "baseAccount", name: "Base Account", type: "baseAccount" });
    await reconnect(config);
    expect(loads).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });
  it("reconnect loads the one last used and asks it", async () => {
    const { config } = setup("baseAccount");
    await reconnect(config);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(["setup", "isAuthorized", "connect"]);
  });
  it("choosing one loads it once; its connection and its messages are the config's connector's", async () => {
    const { config, connector } = setup();
    const messages: unknown[] = [];
    connector.emitter.on("message", ({ type, data }) => void (type === "display_uri" && messages.push(data)));
    const r = await connect(config, { connector });
    expect(r.accounts).toEqual([getAddress(ACCOUNT)]);
    expect(messages).toEqual(["wc:uri"]);
    expect(config.state.current).toBe(connector.uid);
    expect(loads).toHaveBeenCalledTimes(1);
  });
});
