// Vite turns `import css from './x.css?inline'` into the file's text; we adopt it as a constructable stylesheet.
declare module '*.css?inline' {
  const cssText: string;
  export default cssText;
}
