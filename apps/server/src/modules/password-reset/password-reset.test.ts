import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, newCompany, newUser, PASSWORD } from "../../../test/factories.js";
import { createTestEnv, type TestEnv, testConfig } from "../../../test/harness.js";
import { passwordResets } from "../../db/schema/index.js";
import { createMailer } from "../../mail/mailer.js";

/** A real SMTP server on a random port: the mail goes through nodemailer as in production. */
let smtp: SMTPServer;
const inbox: { to: string; text: string }[] = [];
let env: TestEnv;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), text: raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const smtpConfig = { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port) };
  const silentLog = { info() {}, warn() {} } as never;
  env = await createTestEnv({ config: smtpConfig, mailer: createMailer(testConfig(smtpConfig), silentLog) });
});
afterAll(async () => {
  await env.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const codeFor = (email: string) => {
  const mail = [...inbox].reverse().find((m) => m.to === email);
  return mail ? /: (\d{6})/.exec(mail.text)?.[1] : undefined;
};

describe("password reset", () => {
  it("mails a code that sets a new password, once", async () => {
    const company = await newCompany(env.db);
    const user = await newUser(env.db, company.id);
    const sent = await env.app.inject({ method: "POST", url: `/forgetpassword/${user.email}` });
    expect(sent.statusCode).toBe(200);
    const code = codeFor(user.email);
    expect(code).toMatch(/^\d{6}$/);

    const reset = await env.app.inject({
      method: "POST",
      url: "/resetpasswords",
      payload: { email: user.email, token: code, password: "NewSecret9" },
    });
    expect(reset.statusCode).toBe(200);
    const oldLogin = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: "NewSecret9" },
    });
    expect(newLogin.statusCode).toBe(200);

    const again = await env.app.inject({
      method: "POST",
      url: "/resetpasswords",
      payload: { email: user.email, token: code, password: "OtherSecret9" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: "ERR_INVALID_RESET_CODE" });
  });

  it("ends every session of the user: an access token from before answers 401 at once", async () => {
    const company = await newCompany(env.db);
    const user = await newUser(env.db, company.id);
    const sessions = [];
    for (let i = 0; i < 2; i++) sessions.push(await login(env, user.email));
    for (const headers of sessions) expect((await env.app.inject({ url: "/auth/me", headers })).statusCode).toBe(200);

    await env.app.inject({ method: "POST", url: `/forgetpassword/${user.email}` });
    const reset = await env.app.inject({
      method: "POST",
      url: "/resetpasswords",
      payload: { email: user.email, token: codeFor(user.email), password: "ResetSecret9" },
    });
    expect(reset.statusCode).toBe(200);
    for (const headers of sessions) {
      const after = await env.app.inject({ url: "/auth/me", headers });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ error: "ERR_INVALID_TOKEN" });
    }
  });

  it("keeps the spec's path form working", async () => {
    const company = await newCompany(env.db);
    const user = await newUser(env.db, company.id);
    await env.app.inject({ method: "POST", url: `/forgetpassword/${user.email}` });
    const code = codeFor(user.email)!;
    const reset = await env.app.inject({
      method: "POST",
      url: `/resetpasswords/${encodeURIComponent(user.email)}/${code}/PathSecret9`,
    });
    expect(reset.statusCode).toBe(200);
  });

  it("answers 404 for an unknown email", async () => {
    const response = await env.app.inject({ method: "POST", url: "/forgetpassword/nobody@test.dev" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_USER_DONT_EXISTS" });
  });

  it("enforces the password rule and rejects a wrong code", async () => {
    const company = await newCompany(env.db);
    const user = await newUser(env.db, company.id);
    await env.app.inject({ method: "POST", url: `/forgetpassword/${user.email}` });
    const code = codeFor(user.email)!;
    for (const password of ["short1A", "nouppercase9", "NOLOWERCASE9", "NoDigitsHere"]) {
      const weak = await env.app.inject({
        method: "POST",
        url: "/resetpasswords",
        payload: { email: user.email, token: code, password },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error).toBe("ERR_VALIDATION");
    }
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await env.app.inject({
      method: "POST",
      url: "/resetpasswords",
      payload: { email: user.email, token: wrongCode, password: "GoodSecret9" },
    });
    expect(wrong.json()).toEqual({ error: "ERR_INVALID_RESET_CODE" });
    // The right code still works after one wrong try.
    const right = await env.app.inject({
      method: "POST",
      url: "/resetpasswords",
      payload: { email: user.email, token: code, password: "GoodSecret9" },
    });
    expect(right.statusCode).toBe(200);
  });

  it("counts concurrent wrong guesses atomically: a burst uses up the code", async () => {
    const company = await newCompany(env.db);
    const user = await newUser(env.db, company.id);
    await env.app.inject({ method: "POST", url: `/forgetpassword/${user.email}` });
    const code = codeFor(user.email)!;
    const wrongCode = code === "000000" ? "111111" : "000000";
    const guess = (token: string, password: string) =>
      env.app.inject({ method: "POST", url: "/resetpasswords", payload: { email: user.email, token, password } });

    const burst = await Promise.all(Array.from({ length: 10 }, () => guess(wrongCode, "Guessed9x")));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(10).fill(400));
    // Five guesses were compared; the other five found the code used up and were refused unread.
    const [row] = await env.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row?.attempts).toBe(5);

    const right = await guess(code, "Guessed9x");
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ error: "ERR_INVALID_RESET_CODE" });
    const oldLogin = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(200);
  });

  it("accepts the right code once when it is sent twice at the same time", async () => {
    const company = await newCompany(env.db);
    const user = await newUser(env.db, company.id);
    await env.app.inject({ method: "POST", url: `/forgetpassword/${user.email}` });
    const code = codeFor(user.email)!;
    const answers = await Promise.all(
      ["FirstSecret9", "SecondSecret9"].map((password) =>
        env.app.inject({
          method: "POST",
          url: "/resetpasswords",
          payload: { email: user.email, token: code, password },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
