// Vitest setup: nothing global beyond jsdom; tests import what they need.
export {};
