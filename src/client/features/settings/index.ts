/* The settings feature's public pieces: the dashboard resumes a pause with the same call and words as Settings. */
export { useUpdatePreferences } from "./api/preferences";
export { DELIVERIES_RESUMED_TOAST } from "./alerts/pause";
