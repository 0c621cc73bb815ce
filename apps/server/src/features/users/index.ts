/** The users feature's public face: other features import only from here. */
export {
  countActiveUsers,
  createAccount,
  findUserByEmail,
  findUserById,
  hashNewPassword,
  type NewAccount,
  setUserPassword,
  type UserRow,
} from "./accounts.ts";
export { presentUser } from "./presenter.ts";
