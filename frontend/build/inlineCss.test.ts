import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inlineCss.ts";

describe("entry stylesheet inlining", () => {
  const bundle = {
    "assets/index-abc.css": { type: "asset", source: "body{color:red}" },
    "assets/bytes-abc.css": { type: "asset", source: new TextEncoder().encode("p{margin:0}</style><script>") },
    "assets/index-abc.js": { type: "chunk" },
  };
  it("replaces the link with the stylesheet's text", () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>';
    expect(inlineStylesheets(html, bundle)).toBe("<head><style>body{color:red}</style></head>");
  });
  it("decodes byte sources and cannot be closed early by the stylesheet's text", () => {
    const out = inlineStylesheets('<link rel="stylesheet" href="/assets/bytes-abc.css">', bundle);
    expect(out).toBe("<style>p{margin:0}<\\/style><script></style>");
  });
  it("leaves links it has no asset for", () => {
    const html = '<link rel="stylesheet" href="/assets/other.css">';
    expect(inlineStylesheets(html, bundle)).toBe(html);
  });
});
