import bcrypt from "bcryptjs";

/** bcrypt's cost for every password hash the product writes. */
const COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, COST);

const UNKNOWN_USER_HASH = bcrypt.hashSync("atendo-no-such-user", COST);

/**
 * Whether the password matches the hash. Without a hash (no such user) it compares against a
 * fixed one, so timing does not reveal which emails exist.
 */
export function passwordMatches(password: string, hash: string | undefined): Promise<boolean> {
  return bcrypt.compare(password, hash ?? UNKNOWN_USER_HASH);
}
