import type { SessionUser, User } from "@atendo/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

export function sessionUser(profile: SessionUser["profile"]): SessionUser {
  return {
    id: 5,
    name: "Ana",
    email: "ana@example.com",
    profile,
    super: false,
    companyId: 3,
    allTicket: "desabled",
    whatsappId: null,
    language: null,
    queues: [],
    company: { id: 3, name: "Acme", dueDate: null, settings: [] },
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 5,
    name: "Ana",
    email: "ana@example.com",
    profile: "user",
    super: false,
    companyId: 3,
    allTicket: "desabled",
    whatsappId: null,
    language: null,
    online: false,
    queues: [{ id: 1, name: "Vendas", color: "#2196f3" }],
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function withQueryClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
