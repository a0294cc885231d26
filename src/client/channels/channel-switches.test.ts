import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import type { TelegramStatus } from "@shared/api/telegram";
import { createQueryClient } from "@client/lib/query-client";
import { TELEGRAM_KEY } from "@client/lib/query-keys";
import { ChannelSwitches, SWITCH_CHANNELS, type SwitchChannel } from "./controls";

/**
 * Issue 26: the subscription form's switches come from the registry. Rendered as the server would render them (no
 * effects run), with the learner's Telegram status already known, as it is once Settings or the modal has read it.
 */
function render({
  channels = SWITCH_CHANNELS,
  telegram,
  switches = {},
}: {
  channels?: readonly SwitchChannel[];
  telegram?: TelegramStatus;
  switches?: Record<string, boolean>;
}) {
  const queryClient = createQueryClient();
  if (telegram) queryClient.setQueryData(TELEGRAM_KEY, telegram);
  const html = renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(Router, {
        ssrPath: "/subscriptions",
        children: createElement(ChannelSwitches, {
          idPrefix: "form",
          switches,
          onSwitch: () => {},
          channels,
        }),
      }),
    ),
  );
  const switchOf = (name: string) => {
    const button = new RegExp(`<button[^>]*id="form-${name}"[^>]*>`).exec(html)?.[0];
    if (!button) return null;
    return { checked: button.includes('aria-checked="true"'), disabled: / disabled=""/.test(button) };
  };
  const labelOf = (name: string) =>
    new RegExp(`<label[^>]*for="form-${name}"[^>]*>(.*?)</label>`)
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, "")
      .trim();
  return { html, switchOf, labelOf };
}

const linked: TelegramStatus = { available: true, connected: true, paused: false, botUsername: "JargonBot" };
const notLinked: TelegramStatus = { ...linked, connected: false };

describe("the channel switches", () => {
  it("draw one switch per registered channel, a sixth registered only here among them", () => {
    const sixth: SwitchChannel = {
      declaration: {
        name: "whatsapp",
        label: "WhatsApp",
        icon: "message-square",
        planRule: "paid_plan",
        answers: "reply",
        sends: true,
        maxMessageChars: 4096,
        retry: { maxAttempts: 3, firstDelayMs: 60_000, growth: 2, leaseMs: 120_000 },
      },
      controls: { hint: "A message in your WhatsApp chat", startsOn: "off" },
    };
    const { html, switchOf, labelOf } = render({ channels: [...SWITCH_CHANNELS, sixth], telegram: linked });
    expect(labelOf("whatsapp")).toBe("WhatsApp (paid plans)");
    expect(html).toContain("A message in your WhatsApp chat");
    expect(switchOf("whatsapp")).toEqual({ checked: false, disabled: false });
    expect(["email", "sms", "push", "telegram", "in_app"].map((name) => labelOf(name))).toEqual([
      "Email",
      "Text message (SMS) (paid plans)",
      "Push notifications",
      "Telegram",
      "In-app notifications",
    ]);
  });

  it("start Telegram on for a new subscription while the chat is linked, as linking turns it on for all", () => {
    const { switchOf, html } = render({ telegram: linked });
    expect(switchOf("telegram")).toEqual({ checked: true, disabled: false });
    expect(html).toContain("A message in your Telegram chat, with buttons to answer");
  });

  it("offer Telegram off and say how to link it while no chat is linked, like SMS without a phone", () => {
    const { switchOf, html } = render({ telegram: notLinked });
    expect(switchOf("telegram")).toEqual({ checked: false, disabled: true });
    expect(html).toMatch(/Connect Telegram<\/a> in Settings to get words in a chat/);
    expect(html).toContain('href="/settings?tab=notifications"');
  });

  it("keep a subscription's own Telegram switch, which an unlinked learner can still turn off", () => {
    expect(render({ telegram: linked, switches: { telegram: false } }).switchOf("telegram")?.checked).toBe(
      false,
    );
    expect(render({ telegram: notLinked, switches: { telegram: true } }).switchOf("telegram")).toEqual({
      checked: true,
      disabled: false,
    });
  });

  it("leave Telegram out where the server has no bot", () => {
    expect(render({ telegram: { ...notLinked, available: false } }).switchOf("telegram")).toBeNull();
  });

  it("show e-mail on and in-app off, the spec's starting switches, from the form's values", () => {
    const { switchOf } = render({ telegram: linked, switches: { email: true, in_app: false } });
    expect(switchOf("email")?.checked).toBe(true);
    expect(switchOf("in_app")?.checked).toBe(false);
  });
});
