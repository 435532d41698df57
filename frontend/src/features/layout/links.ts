// External links (public, non-secret; overridable at build time).
const v = (k: string, d: string) => (import.meta.env as Record<string, string | undefined>)[k] || d;

export const SOCIALS = [
  ["tiktok", v("VITE_SOCIAL_TIKTOK", "https://www.tiktok.com/@shaft")],
  ["instagram", v("VITE_SOCIAL_INSTAGRAM", "https://www.instagram.com/shaft")],
  ["youtube", v("VITE_SOCIAL_YOUTUBE", "https://www.youtube.com/@shaft")],
  ["linkedin", v("VITE_SOCIAL_LINKEDIN", "https://www.linkedin.com/company/shaft")],
  ["x", v("VITE_SOCIAL_X", "https://x.com/shaft")],
  ["discord", v("VITE_SOCIAL_DISCORD", "https://discord.gg/shaft")],
  ["medium", v("VITE_SOCIAL_MEDIUM", "https://medium.com/@shaft")],
  ["telegram", v("VITE_SOCIAL_TELEGRAM", "https://t.me/shaft")],
] as const;

export const NAV_EXTERNAL = {
  terms: v("VITE_TERMS_URL", "https://shaft.finance/terms"),
  contact: v("VITE_CONTACT_URL", "mailto:hello@shaft.finance"),
  resources: v("VITE_RESOURCES_URL", "https://docs.shaft.finance/resources"),
  partners: v("VITE_PARTNERS_URL", "https://shaft.finance/partners"),
};
