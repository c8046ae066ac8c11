// Decodes one HEIC in a worker thread (image-without-metadata.ts, decode off the event loop):
// libheif in WebAssembly decodes synchronously, seconds for a phone photo.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

try {
  const { width, height, data } = await decode({ buffer: workerData });
  parentPort.postMessage({ width, height, data }, [data.buffer]);
} catch (error) {
  parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
