export { NotificationDropdown } from "./notification-dropdown";
