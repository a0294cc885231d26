/** What other modules use of SMS: bootstrap registers the channel, app.ts the phone-number and inbound-reply routes. */
export { createSmsChannel } from "./channel";
export { phoneRoutes } from "./routes";
