import * as oidc from "openid-client";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isSecureUrl, type Config } from "@server/config";
import type { ProfileClaims } from "./service";

const TRANSACTION_COOKIE = "jargon_oidc";
const TRANSACTION_TTL_S = 600;

interface Transaction {
  state: string;
  verifier: string;
}

/** The OpenID Connect relying party (openid-client): authorization code with PKCE and state. */
export class OidcClient {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(private readonly config: Config) {}

  private get settings() {
    const settings = this.config.oidc;
    if (!settings) throw new Error("OIDC is not configured");
    return settings;
  }

  private discover(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const { issuerUrl, clientId, clientSecret } = this.settings;
      const insecure = issuerUrl.startsWith("http://");
      this.discovered = oidc
        .discovery(new URL(issuerUrl), clientId, clientSecret, undefined, {
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          // Do not cache a failure: the provider may simply have been down for a moment.
          this.discovered = undefined;
          throw error;
        });
    }
    return this.discovered;
  }

  get redirectUri(): string {
    return `${this.config.appUrl}/api/callback`;
  }

  async start(reply: FastifyReply): Promise<string> {
    const configuration = await this.discover();
    const verifier = oidc.randomPKCECodeVerifier();
    const transaction: Transaction = { state: oidc.randomState(), verifier };
    reply.setCookie(TRANSACTION_COOKIE, JSON.stringify(transaction), {
      path: "/api/callback",
      httpOnly: true,
      sameSite: "lax",
      secure: isSecureUrl(this.config.appUrl),
      signed: true,
      maxAge: TRANSACTION_TTL_S,
    });
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: "openid email profile phone",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state: transaction.state,
    });
    return url.href;
  }

  /** Completes the flow; returns the profile from the ID token, or throws with a reason a user can read. */
  async finish(request: FastifyRequest, reply: FastifyReply): Promise<ProfileClaims> {
    const raw = request.cookies[TRANSACTION_COOKIE];
    reply.clearCookie(TRANSACTION_COOKIE, { path: "/api/callback" });
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value)
      throw new Error("The sign-in attempt expired. Please try again.");
    const transaction = JSON.parse(unsigned.value) as Transaction;
    const configuration = await this.discover();
    const currentUrl = new URL(request.url, this.config.appUrl);
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: transaction.verifier,
      expectedState: transaction.state,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("The account provider sent no identity.");
    const email = typeof claims.email === "string" ? claims.email : undefined;
    if (!email) throw new Error("Your account provider did not share an e-mail address.");
    // The address decides which account (and whether an admin one) this is: an unverified one could be anyone's.
    if (claims.email_verified !== true && !this.config.oidc?.emailTrusted)
      throw new Error(
        "Your account provider has not verified your e-mail address. Verify it there, then sign in again.",
      );
    const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
    return {
      email,
      oidcSubject: claims.sub,
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
      profileImageUrl: text(claims.picture),
      phoneNumber: text(claims.phone_number),
    };
  }
}
