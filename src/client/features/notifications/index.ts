export { NotificationDropdown } from "./notification-dropdown";
export { RECENT_ACTIVITY_KEY } from "./api/recent-activity";
