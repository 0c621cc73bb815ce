import { UsersScreen } from "./users-screen.tsx";

export default function UsersListScreen() {
  return <UsersScreen title="Users" />;
}
