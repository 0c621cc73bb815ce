/** The users feature's public face: other features import only from here. */

export { presentUser } from "./presenter.ts";
export {
  countActiveUsers,
  createAccount,
  findUserByEmail,
  findUserById,
  hashNewPassword,
  type NewAccount,
  setUserPassword,
  type UserRow,
} from "./service/accounts.ts";
