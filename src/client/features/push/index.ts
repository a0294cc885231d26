/* The push feature's public face: Settings and the subscription modal import only from here. */
export { usePushOnThisDevice, isPushSupported, type PushOnThisDevice } from "./use-push-on-this-device";
export { PushDeviceSwitch, PushDeviceHelp } from "./push-device-switch";
