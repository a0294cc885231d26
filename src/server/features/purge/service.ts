export {
  MAILBOX_RETENTION_MS,
  SIGN_IN_TOKEN_RETENTION_MS,
  purgeExpiredData,
  purgeJob,
  type PurgeReport,
} from "./purge";
