import { describe, expect, it } from "vitest";
import { emptyDraft, validateDraft } from "./feedback-form";

const user = { email: "ada@example.com", fullName: "Ada Lovelace", username: "ada" };

describe("the feedback form's rules", () => {
  it("starts empty with the user's e-mail and full name (else username)", () => {
    expect(emptyDraft(user)).toEqual({
      area: "",
      subject: "",
      message: "",
      userEmail: "ada@example.com",
      userName: "Ada Lovelace",
    });
    expect(emptyDraft({ ...user, fullName: null }).userName).toBe("ada");
  });

  it("gives the spec's message for each field", () => {
    const result = validateDraft({ ...emptyDraft(user), userEmail: "nope" });
    expect(result).toEqual({
      errors: {
        area: "Please select an area",
        subject: "Subject is required",
        message: "Please provide at least 10 characters of feedback",
        userEmail: "Please enter a valid email address",
      },
    });
    const long = validateDraft({
      ...emptyDraft(user),
      area: "ui",
      subject: "s".repeat(101),
      message: "m".repeat(2001),
    });
    expect(long).toEqual({
      errors: {
        subject: "Subject must be under 100 characters",
        message: "Message must be under 2000 characters",
      },
    });
  });

  it("accepts a complete draft, with the optional fields empty", () => {
    const result = validateDraft({
      area: "ui",
      subject: "Hi",
      message: "Ten chars!",
      userEmail: "",
      userName: "",
    });
    expect(result).toEqual({
      request: { area: "ui", subject: "Hi", message: "Ten chars!", userEmail: "", userName: "" },
    });
  });
});
