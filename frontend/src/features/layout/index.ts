// Public surface of the layout feature: the page frame (header, footer) and the home page.
export { Header } from "./Header.tsx";
export { Footer } from "./Footer.tsx";
export { default as HomePage } from "./HomePage.tsx";
