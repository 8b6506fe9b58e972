// CSS imports are handled by Vite; the type checker only needs to know they exist.
declare module '*.css';
