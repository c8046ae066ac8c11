/** Embedding the portal in a provider's website (docs/product/embedding.md). */
export { useFrameHost } from './frame-host.tsx';
