import { z } from "zod";
import { THEMES } from "../constants";

export const themeSchema = z.enum(THEMES, { error: "Theme must be light, dark or system" });
export const themePreferenceSchema = z.object({ theme: themeSchema });
export type ThemePreference = z.infer<typeof themePreferenceSchema>;

export const preferencesSchema = z.object({
  theme: themeSchema.nullable(),
  phoneNumber: z.string().nullable(),
  emailNotifications: z.boolean(),
  inAppNotifications: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
