// @vitest-environment jsdom
// Widget options (PRODUCT.md §3 and §7) and their validation (PRODUCT.md §5 "Card widget", section 8 texts).
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  buildWidgetOptions,
  CONTAINER_ID_UNSUPPORTED,
  isUuid,
  itemInfoTooLong,
  packageOptions,
  PARTNER_ID_REQUIRED,
  validateWidgetOptions,
  widgetLang,
  type WidgetOptions,
} from "./options.ts";
import { ORIGIN, sessionData, SESSION_CLICK_ID, testConfig } from "./testSupport.ts";
import { loadWertWidget, openWidget } from "./widgetHost.ts";

const listeners = {};
const build = (over: Parameters<typeof sessionData>[0] = {}, lang = "en") =>
  buildWidgetOptions(sessionData(over), testConfig(), lang, listeners);

afterEach(() => {
  vi.restoreAllMocks();
  document.querySelectorAll("iframe").forEach((f) => f.remove());
});

describe("buildWidgetOptions", () => {
  it("has the options of PRODUCT.md §7: partner id, origin, click id, language, dark theme, USD, ETH, item info", () => {
    const o = build();
    expect(o).toMatchObject({
      partner_id: "local-partner",
      origin: ORIGIN,
      click_id: SESSION_CLICK_ID,
      lang: "en",
      theme: "dark",
      currency: "USD",
      commodity: "ETH",
      extra: { item_info: { name: "SHAFT", category: "Presale" } },
    });
    expect(o.listeners).toBe(listeners);
  });

  it("passes the signed smart-contract fields through unchanged", () => {
    const s = sessionData();
    const o = build();
    for (const k of ["address", "network", "commodity_amount", "sc_address", "sc_input_data", "signature"] as const)
      expect(o[k]).toBe(s[k]);
  });

  it("takes the origin from the environment, not from the server, and trims a trailing slash", () => {
    const o = buildWidgetOptions(
      sessionData({ origin: "https://evil.example" }),
      testConfig({ origin: "https://widget.wert.io/" }),
      "en",
      listeners,
    );
    expect(o.origin).toBe("https://widget.wert.io");
  });

  it("falls back to the configured partner id when the session names none", () => {
    expect(build({ partner_id: undefined }).partner_id).toBe("config-partner");
    expect(build({ partner_id: "" }).partner_id).toBe("config-partner");
  });

  it("uses a random UUID v4 as click id when the session has no valid one", () => {
    const a = build({ click_id: undefined }).click_id;
    const b = build({ click_id: "not-a-uuid" }).click_id;
    expect(isUuid(a) && isUuid(b)).toBe(true);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it("names the item with the sale token symbol whatever the server says, and keeps a category only if given", () => {
    expect(build({ extra: { item_info: { name: "Other", category: "Presale" } } }).extra.item_info.name).toBe("SHAFT");
    expect(build({ extra: undefined }).extra).toEqual({ item_info: { name: "SHAFT" } });
  });

  it("maps the dapp language to the widget's (primary subtag; English otherwise)", () => {
    expect(widgetLang("en")).toBe("en");
    expect(widgetLang("zh-hans")).toBe("zh");
    expect(widgetLang("zh-hant")).toBe("zh");
    expect(widgetLang("ru")).toBe("ru");
    expect(widgetLang("es")).toBe("es");
    expect(widgetLang("")).toBe("en");
    expect(widgetLang(undefined)).toBe("en");
    expect(build({}, "es").lang).toBe("es");
  });
});

describe("validateWidgetOptions", () => {
  const valid = () => build();

  it("accepts the built options without a word", () => {
    const log = vi.fn();
    expect(validateWidgetOptions(valid(), log)).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });

  it("partner_id is required: throws the exact error of PRODUCT.md §8", () => {
    expect(PARTNER_ID_REQUIRED).toBe("Please provide a partner_id in order for the widget to work correctly");
    for (const partner_id of [undefined, "", "  ", null, 42]) {
      expect(() => validateWidgetOptions({ ...valid(), partner_id }, vi.fn())).toThrowError(
        new Error(PARTNER_ID_REQUIRED),
      );
    }
  });

  it("container_id is unsupported: a console error", () => {
    const err = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(validateWidgetOptions({ ...valid(), container_id: "widget" })).toEqual([CONTAINER_ID_UNSUPPORTED]);
    expect(err).toHaveBeenCalledWith(CONTAINER_ID_UNSUPPORTED);
  });

  it("item_info name and category are at most 40 characters: a console error for each longer one", () => {
    const err = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const at40 = "x".repeat(40);
    const o = (name: string, category: string): WidgetOptions => ({
      ...valid(),
      extra: { item_info: { name, category } },
    });
    expect(validateWidgetOptions(o(at40, at40))).toEqual([]);
    expect(validateWidgetOptions(o(at40 + "x", at40))).toEqual([itemInfoTooLong("name")]);
    expect(validateWidgetOptions(o(at40, at40 + "x"))).toEqual([itemInfoTooLong("category")]);
    expect(validateWidgetOptions(o(at40 + "x", at40 + "x"))).toEqual([
      itemInfoTooLong("name"),
      itemInfoTooLong("category"),
    ]);
    expect(err).toHaveBeenCalledWith("Max length of the extra.item_info.name value is 40 characters");
    expect(err).toHaveBeenCalledWith("Max length of the extra.item_info.category value is 40 characters");
    expect(err).toHaveBeenCalledTimes(4);
  });

  it("packageOptions drops the reported container_id and keeps everything else", () => {
    const o = { ...valid(), container_id: "x" };
    const p = packageOptions(o);
    expect("container_id" in p).toBe(false);
    expect(p.partner_id).toBe(o.partner_id);
  });

  it("openWidget validates before mounting: no iframe, no scroll lock without a partner_id", async () => {
    const Ctor = await loadWertWidget();
    expect(() => openWidget(Ctor, { ...valid(), partner_id: "" })).toThrowError(PARTNER_ID_REQUIRED);
    expect(document.querySelectorAll("iframe")).toHaveLength(0);
    expect(document.body.style.overflow).toBe("");
  });

  it("the widget package enforces the same partner_id rule with the same text", async () => {
    const Ctor = await loadWertWidget();
    expect(() => new Ctor({ ...packageOptions(valid()), partner_id: "" })).toThrowError(PARTNER_ID_REQUIRED);
  });
});
