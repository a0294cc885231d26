import BadgeCheck from "lucide-react/icons/badge-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { PHONE_CODE_LENGTH } from "@shared/constants";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import {
  browserRegion,
  phoneErrorMessage,
  useRemovePhone,
  useSendPhoneCode,
  useVerifyPhone,
} from "../api/phone";

type Step = "view" | "edit" | "code";

/**
 * Issue 15: the phone number, editable. Enter it, "Send code", type the 6-digit code from the text, and it shows
 * as verified (texts go only to a verified number). Change or remove it at any time. The status line is a polite
 * live region; an error sits under the field it is about, tied to it with aria-describedby.
 */
export function PhoneField({ phoneNumber, verified }: { phoneNumber: string | null; verified: boolean }) {
  const [step, setStep] = useState<Step>(phoneNumber ? "view" : "edit");
  const [number, setNumber] = useState(phoneNumber ?? "");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const sendCode = useSendPhoneCode();
  const verify = useVerifyPhone();
  const remove = useRemovePhone();

  const numberId = useId();
  const codeId = useId();
  const errorId = useId();
  const numberInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const [focusTarget, setFocusTarget] = useState<"number" | "code" | "change" | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    const target = { number: numberInput, code: codeInput, change: changeButton }[focusTarget];
    target.current?.focus();
    setFocusTarget(null);
  }, [focusTarget, step]);

  const goTo = (next: Step, focus: "number" | "code" | "change") => {
    setError(null);
    setStep(next);
    setFocusTarget(focus);
  };

  const requestCode = (value: string) => {
    setError(null);
    const region = browserRegion();
    sendCode.mutate(
      { phoneNumber: value, ...(region ? { country: region } : {}) },
      {
        onSuccess: (answer) => {
          setNumber(answer.phoneNumber ?? value);
          setStatus(answer.message);
          setCode("");
          if (answer.verified) goTo("view", "change");
          else goTo("code", "code");
        },
        onError: (failure) => setError(phoneErrorMessage(failure)),
      },
    );
  };

  const onSendCode = (event: FormEvent) => {
    event.preventDefault();
    requestCode(number.trim());
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { code: code.trim() },
      {
        onSuccess: (answer) => {
          setStatus(`${answer.phoneNumber} is verified.`);
          goTo("view", "change");
        },
        onError: (failure) => {
          setError(phoneErrorMessage(failure));
          setFocusTarget("code");
        },
      },
    );
  };

  const onRemove = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        setNumber("");
        setStatus("Phone number removed.");
        goTo("edit", "number");
      },
      onError: (failure) => setError(phoneErrorMessage(failure)),
    });
  };

  const errorLine = error ? (
    <p id={errorId} role="alert" className="flex items-start gap-1.5 text-sm text-destructive">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {error}
    </p>
  ) : null;
  const describedBy = error ? errorId : undefined;

  return (
    <div className="flex flex-col gap-2 sm:col-span-2">
      {step === "view" && phoneNumber ? (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={numberId}>Phone Number</Label>
            {verified ? (
              <Badge
                data-testid="phone-verified"
                className="bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
              >
                <BadgeCheck aria-hidden />
                Verified
              </Badge>
            ) : (
              <Badge variant="secondary">Not verified</Badge>
            )}
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={numberId}
              type="tel"
              value={phoneNumber}
              readOnly
              aria-readonly
              className="bg-muted/60 read-only:cursor-default sm:max-w-xs"
            />
            <div className="flex flex-wrap gap-2">
              {verified ? null : (
                <Button type="button" onClick={() => requestCode(phoneNumber)} disabled={sendCode.isPending}>
                  {sendCode.isPending ? "Sending..." : "Verify"}
                </Button>
              )}
              <Button
                ref={changeButton}
                type="button"
                variant="outline"
                onClick={() => {
                  setNumber(phoneNumber);
                  goTo("edit", "number");
                }}
              >
                Change
              </Button>
              <Button type="button" variant="ghost" onClick={onRemove} disabled={remove.isPending}>
                {remove.isPending ? "Removing..." : "Remove"}
              </Button>
            </div>
          </div>
          {errorLine}
        </>
      ) : null}

      {step === "edit" || (step === "view" && !phoneNumber) ? (
        <form onSubmit={onSendCode} className="flex flex-col gap-2" noValidate>
          <Label htmlFor={numberId}>Phone Number</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              ref={numberInput}
              id={numberId}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+44 7911 123456"
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              maxLength={32}
              className="sm:max-w-xs"
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={sendCode.isPending || number.trim() === ""}>
                {sendCode.isPending ? "Sending..." : "Send code"}
              </Button>
              {phoneNumber ? (
                <Button type="button" variant="ghost" onClick={() => goTo("view", "change")}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </div>
          {errorLine}
          <p className="text-xs text-muted-foreground">
            We text a {PHONE_CODE_LENGTH}-digit code to check the number is yours. Standard message rates may
            apply.
          </p>
        </form>
      ) : null}

      {step === "code" ? (
        <form onSubmit={onVerify} className="flex flex-col gap-2" noValidate>
          <Label htmlFor={codeId}>Verification code</Label>
          <p className="text-sm text-muted-foreground">
            Enter the {PHONE_CODE_LENGTH}-digit code we texted to{" "}
            <span className="font-medium text-foreground">{number}</span>.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              ref={codeInput}
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={PHONE_CODE_LENGTH}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              className="font-mono tracking-widest sm:max-w-40"
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={verify.isPending || code.length !== PHONE_CODE_LENGTH}>
                {verify.isPending ? "Checking..." : "Verify"}
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => requestCode(number)}
                disabled={sendCode.isPending}
              >
                Send a new code
              </Button>
              <Button type="button" variant="ghost" onClick={() => goTo("edit", "number")}>
                Change number
              </Button>
            </div>
          </div>
          {errorLine}
        </form>
      ) : null}

      <p role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {status}
      </p>
    </div>
  );
}
