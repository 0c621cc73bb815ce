import { UsersScreen } from "./users-screen.tsx";

export default function DesignersScreen() {
  return <UsersScreen title="Designers" onlyRole="designer" />;
}
