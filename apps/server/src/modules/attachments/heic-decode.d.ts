// heic-decode ships no types; this is the one call the portal makes (its README's "decode").
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  function decode(input: { buffer: Uint8Array }): Promise<DecodedImage>;
  export default decode;
}
