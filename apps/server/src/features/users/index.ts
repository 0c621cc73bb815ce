export { insertUserUnlessEmailTaken } from "./accounts.ts";
export { presentUser } from "./presenter.ts";
export {
  countActiveUsers,
  findActiveUserByEmail,
  findActiveUserById,
  insertUser,
  type UserRow,
  updateUserRow,
} from "./repo.ts";
export { registerUsersRoutes } from "./routes.ts";
