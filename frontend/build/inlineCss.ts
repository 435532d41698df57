// The entry stylesheet, inlined into index.html at build time. It is the page's only render-blocking request: as a
// <link> it costs a round trip before the first paint (the first-paint shell cannot show until it arrives), inlined
// it arrives with the HTML. Stylesheets of lazily loaded chunks stay files, loaded with their chunks. Development
// keeps Vite's own style handling (no bundle there).
import type { Plugin } from "vite";

const LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;

/** `html` with each stylesheet link of `bundle` replaced by a <style> holding that asset's text. */
export function inlineStylesheets(html: string, bundle: Record<string, { type: string; source?: unknown }>): string {
  return html.replace(LINK, (tag, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== "asset") return tag;
    const css = typeof asset.source === "string" ? asset.source : new TextDecoder().decode(asset.source as Uint8Array);
    return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`;
  });
}

export function inlineCssPlugin(): Plugin {
  return {
    name: "shaft-inline-entry-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html, ctx) => (ctx.bundle ? inlineStylesheets(html, ctx.bundle) : html),
    },
  };
}
