/** What other modules use of push: bootstrap registers the channel, app.ts the device-subscription routes. */
export { createPushChannel } from "./channel";
export { pushRoutes } from "./routes";
