declare module 'swagger-ui-dist' {
  /** Folder holding swagger-ui-bundle.js, swagger-ui.css and friends. */
  export function getAbsoluteFSPath(): string;
}
