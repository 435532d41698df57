// Types of check-bundle.mjs (a plain Node script run after `vite build`).
export const FORBIDDEN: string[];
export function findForbidden(distDir: string, env: string): { file: string; needle: string }[];
