import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

export interface TestAccount {
  email: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  phone_number?: string;
  /** True unless a test says otherwise. */
  email_verified?: boolean;
}

export interface TestIssuer {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for tests. Its development login form accepts
 * any login name; the login name is the account id and, unless `accounts` says otherwise, also the e-mail.
 */
export async function startTestIssuer(options: {
  redirectUri: string;
  accounts?: Record<string, TestAccount>;
  port?: number;
}): Promise<TestIssuer> {
  const clientId = "jargon-test";
  const clientSecret = "jargon-test-secret-that-is-long-enough-for-hs256";
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "picture"],
      phone: ["phone_number"],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    // Tests need no consent screen: every client is pre-approved for the scopes it asks for.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope("openid email profile phone");
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const account = options.accounts?.[id] ?? { email: id.includes("@") ? id : `${id}@example.test` };
      return { accountId: id, claims: async () => ({ sub: id, email_verified: true, ...account }) };
    },
  };
  const provider = new Provider(issuerUrl, configuration);
  server.on("request", provider.callback());
  return {
    issuerUrl,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
