import { LoginBody } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";

/** The login form's validation: a chunk of its own, as zod is not needed to show the sign-in screen. */
export const loginResolver = zodResolver(LoginBody);
