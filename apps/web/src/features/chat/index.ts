/**
 * The live chat (docs/product/chat.md, decision 040): the shell mounts the gate; the launcher,
 * the widget's script and the conversation's timings load only where `chatWidgetUrl` is set.
 * The contract a provider's widget script implements is `model/widget-contract.ts`.
 */
export { ChatGate } from './components/chat-gate.tsx';
