/** What other modules use of e-mail: bootstrap registers the channel. */
export { createEmailChannel } from "./channel";
