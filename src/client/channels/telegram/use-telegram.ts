import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TelegramLink, TelegramStatus } from "@shared/api/telegram";
import { apiRequest, readJson } from "@client/lib/api";
import { SUBSCRIPTIONS_KEY, TELEGRAM_KEY } from "@client/lib/query-keys";

/** GET /api/telegram: whether this server has a bot, and whether the learner's chat is linked or paused. */
export function useTelegramStatus() {
  return useQuery<TelegramStatus>({ queryKey: TELEGRAM_KEY });
}

/**
 * "Connect": asks for a one-time deep link and opens it, where Telegram's app sends the bot `/start <token>`.
 * The link is opened in a new tab; the status is read again when the learner comes back (window focus).
 */
export function useConnectTelegram() {
  return useMutation({
    mutationFn: async () => readJson<TelegramLink>(await apiRequest("POST", "/api/telegram/link")),
    onSuccess: (link) => {
      window.open(link.url, "_blank", "noopener");
    },
  });
}

/** "Disconnect": forgets the chat, which turns Telegram off on every subscription. */
export function useDisconnectTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => apiRequest("DELETE", "/api/telegram/link"),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TELEGRAM_KEY }),
        queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY }),
      ]),
  });
}
