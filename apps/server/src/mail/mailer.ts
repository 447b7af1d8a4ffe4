import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise, outside production, the mail goes to the log. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.SMTP_HOST) {
    return {
      async send(mail) {
        if (config.NODE_ENV === "production") {
          log.warn({ to: mail.to, subject: mail.subject }, "SMTP is not configured: mail not sent");
          return;
        }
        log.info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail (SMTP not configured)");
      },
    };
  }
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE === "on",
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? "" } : undefined,
    tls: { rejectUnauthorized: config.NODE_ENV === "production" },
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.SMTP_FROM, ...mail });
    },
  };
}
