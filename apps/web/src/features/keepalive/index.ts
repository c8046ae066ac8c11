/**
 * The keepalive (docs/product/shell-and-configuration.md#keepalive): a GET to `keepaliveUrl` every
 * `keepaliveSeconds` while the patient is active. The shell mounts the gate; the pinger's code
 * loads only where one is configured.
 */
export { KeepaliveGate } from './components/keepalive-gate.tsx';
