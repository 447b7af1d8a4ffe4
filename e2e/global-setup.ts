import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { mailDir, smtpPort } from "./playwright.config";

/** A real SMTP server: every mail the product sends lands as a file that tests read. */
export default async function globalSetup() {
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        count += 1;
        writeFileSync(
          join(mailDir, `${Date.now()}-${count}.json`),
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, "127.0.0.1", resolve));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(mailDir, { recursive: true, force: true });
  };
}
